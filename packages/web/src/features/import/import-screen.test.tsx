import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons } from '../../test/salons';
import ImportScreen from './import-screen';

vi.setConfig({ testTimeout: 30_000 });

vi.mock('../../lib/auth', () => ({
  useAuth: () => ({ isSuperadmin: false, user: { userId: 2, salonId: 1 }, roles: ['ADMIN'] }),
}));

const column = (name: string, isRequired: boolean) => ({
  name,
  type: 'text',
  isRequired,
  example: '',
  description: name,
  descriptionIt: name,
});
const KINDS = {
  maxFileBytes: 1024 * 1024,
  kinds: [
    { kind: 'products', isChainLevel: true, sampleFile: 'docs/import-samples/products.csv', columns: [column('external_id', true)] },
    {
      kind: 'nps',
      isChainLevel: false,
      sampleFile: 'docs/import-samples/nps.csv',
      columns: [column('external_id', true), column('day', true), column('score', true), column('comment', false)],
    },
  ],
};

const job = (jobId: number, isDryRun: boolean, extra: Record<string, unknown> = {}) => ({
  jobId,
  salonId: 1,
  kind: 'nps',
  fileName: 'nps.csv',
  fileBytes: 60,
  sheet: null,
  isDryRun,
  status: 'SUCCEEDED',
  phase: 'DONE',
  progress: 1,
  rowsRead: 2,
  rowsInserted: 2,
  rowsUpdated: 0,
  rowsUnchanged: 0,
  errorCount: 0,
  errors: [],
  message: null,
  daysFrom: '2026-03-01',
  daysTo: '2026-03-02',
  userId: 2,
  userName: 'Marta Bianchi',
  createdAt: '2026-03-18T10:00:00Z',
  finishedAt: '2026-03-18T10:00:01Z',
  ...extra,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const NPS_FILE = 'external_id;day;score;comment\nN-1;01/03/2026;9;Ottimo\nN-2;02/03/2026;;\n';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders the screen with a fetch stub; `upload` answers each POST, `poll` each GET of a job. */
function renderWith(answers: { upload?: (form: FormData, url: string) => Response; poll?: (jobId: number) => Response; kinds?: Response }) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/api/Import/Kinds/')) return answers.kinds ?? json(KINDS);
    if (url.includes('/api/Import/History/')) return json({ items: [] });
    if (init?.method === 'POST') return answers.upload?.(init.body as FormData, url) ?? json({}, 500);
    const polled = /\/api\/Import\/[^/]*\/(\d+)/.exec(url);
    if (polled) return answers.poll?.(Number(polled[1])) ?? json({}, 404);
    return json({}, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={queryClientWithSalons()}>
      <MemoryRouter initialEntries={['/import']}>
        <ImportScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

async function chooseNpsFile(text = NPS_FILE, name = 'nps.csv') {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Kind of file' }));
  fireEvent.click(await screen.findByRole('option', { name: 'NPS answers' }));
  fireEvent.change(screen.getByTestId('import-file-input'), { target: { files: [new File([text], name, { type: 'text/csv' })] } });
}

describe('ImportScreen', () => {
  it('offers an ADMIN only the salon kinds (not the chain catalogue)', async () => {
    renderWith({});
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Kind of file' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['NPS answers']);
  });

  it('shows the error of the kinds call with a retry', async () => {
    renderWith({ kinds: json({ statusCode: 500, message: 'boom' }, 500) });
    expect((await screen.findByTestId('kinds-error')).textContent).toContain('something went wrong.');
  });

  it('previews the file under the kind’s columns and flags an empty required cell', async () => {
    renderWith({});
    await chooseNpsFile();
    const table = await screen.findByRole('table', { name: 'Preview of the first rows' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['2N-101/03/20269Ottimo', '3N-202/03/2026(empty)']);
    expect(screen.getByTestId('preview-matched').textContent).toContain('4 columns recognised');
  });

  it('uploads the file as multipart for the dry run, opens Import only after a clean check, and asks again for another file', async () => {
    const uploads: { url: string; file: File }[] = [];
    const fetchMock = renderWith({
      upload: (form, url) => {
        uploads.push({ url, file: form.get('file') as File });
        return json(job(uploads.length, url.includes('dryRun=true'), { status: 'RUNNING', phase: 'READING', progress: 0 }), 202);
      },
      poll: (jobId) => json(job(jobId, jobId === 1)),
    });
    await chooseNpsFile();
    const importButton = await screen.findByTestId('import-start');
    expect((importButton as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('import-dry-run'));
    expect((await screen.findByTestId('dry-run-ok')).textContent).toContain('all 2 rows can be imported');
    expect(uploads[0]?.url).toMatch(/\/api\/Import\/[^/]*\/1\/nps\?dryRun=true&language=en$/);
    expect(uploads[0]?.file.name).toBe('nps.csv');
    // No JSON content type on a multipart upload: fetch sets the boundary.
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const headers = (post?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers.Accept).toBe('application/json');
    expect(headers['Content-Type']).toBeUndefined();
    await waitFor(() => expect((importButton as HTMLButtonElement).disabled).toBe(false));

    fireEvent.click(importButton);
    expect((await screen.findByTestId('import-done')).textContent).toContain('2 added, 0 updated, 0 unchanged');
    expect(uploads[1]?.url).toMatch(/\/nps\?dryRun=false&language=en$/);
    expect(screen.getByTestId('import-report-link').getAttribute('href')).toBe('/NPS?salonId=1&fromDate=2026-03-01&toDate=2026-03-02');

    // Another file needs its own check.
    fireEvent.change(screen.getByTestId('import-file-input'), { target: { files: [new File([NPS_FILE], 'other.csv')] } });
    expect(((await screen.findByTestId('import-start')) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists the invalid rows of a dry run and keeps Import closed', async () => {
    const errors = [
      { row: 3, column: 'score', value: '', code: 'REQUIRED', message: 'A value is required' },
      { row: 4, column: 'day', value: '31/02/2026', code: 'DATE', message: 'Not a date' },
    ];
    renderWith({
      upload: () => json(job(7, true, { status: 'RUNNING', phase: 'READING', progress: 0 }), 202),
      poll: () => json(job(7, true, { status: 'INVALID', errorCount: 2, errors, rowsInserted: 0 })),
    });
    await chooseNpsFile();
    fireEvent.click(await screen.findByTestId('import-dry-run'));
    const table = await screen.findByRole('table', { name: 'Invalid rows' });
    const rows = within(table)
      .getAllByRole('row')
      .filter((row) => row.closest('tbody'));
    expect(rows.map((row) => row.textContent)).toEqual(['3score–A value is required', '4day31/02/2026Not a date']);
    expect(screen.getByTestId('job-invalid').textContent).toContain('2 problems found');
    expect((screen.getByTestId('import-start') as HTMLButtonElement).disabled).toBe(true);
  });

  it('names the size limit when the upload is too large', async () => {
    renderWith({ upload: () => json({ statusCode: 413, error: 'Payload Too Large', message: 'too large' }, 413) });
    await chooseNpsFile();
    fireEvent.click(await screen.findByTestId('import-dry-run'));
    expect((await screen.findByTestId('upload-error')).textContent).toBe('The file is larger than 1 MB, the largest the import accepts.');
  });
});
