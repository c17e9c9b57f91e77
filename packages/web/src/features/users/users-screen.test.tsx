import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons } from '../../test/salons';
import UsersScreen from './users-screen';

vi.setConfig({ testTimeout: 30_000 });

const auth = vi.hoisted(() => ({
  value: { isSuperadmin: false, user: { userId: 2, salonId: 1 as number | null }, roles: ['ADMIN'] as string[] },
}));
vi.mock('../../lib/auth', () => ({ useAuth: () => auth.value }));

const staff = (userId: number, username: string, role: string[], extra: Record<string, unknown> = {}) => ({
  userId,
  salonId: 1,
  role,
  firstName: username === 'manager' ? 'Marta' : 'Sara',
  lastName: username === 'manager' ? 'Bianchi' : 'Verdi',
  phoneNumber: '',
  email: '',
  username,
  title: 'Stylist',
  note: '',
  gender: null,
  employmentStart: '2024-01-08',
  employmentEnd: null,
  language: 'it',
  settings: null,
  data: { shortcuts: [] },
  lastSignInAt: null,
  isActive: true,
  annualDaysOff: 24,
  ...extra,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  auth.value = { isSuperadmin: false, user: { userId: 2, salonId: 1 }, roles: ['ADMIN'] };
});

function renderWith(handler: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={queryClientWithSalons()}>
      <MemoryRouter initialEntries={['/users']}>
        <UsersScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('UsersScreen', () => {
  it("lists the salon's staff and shows 'Unable to fetch staff list' when the list fails", async () => {
    renderWith(() => json({ statusCode: 500, message: 'boom' }, 500));
    expect((await screen.findByTestId('users-error')).textContent).toContain('Unable to fetch staff list');
  });

  it("shows 'Unable to create user' with the API's reason when the username is taken", async () => {
    const fetchMock = renderWith((_url, init) => {
      if (init?.method === 'POST')
        return json({ statusCode: 409, message: "The username 'sara' is already taken", parameter: 'username' }, 409);
      return json([staff(2, 'manager', ['ADMIN']), staff(5, 'sara', ['IMAGE'], { employmentEnd: '2026-01-31', isActive: false })]);
    });
    const table = await screen.findByRole('table', { name: 'Staff list' });
    expect(within(table).getByText('Sara Verdi')).toBeTruthy();
    expect(within(table).getByText('Former staff')).toBeTruthy();
    fireEvent.click(screen.getByTestId('user-create'));
    const form = await screen.findByTestId('user-form');
    fireEvent.change(within(form).getByTestId('user-field-username'), { target: { value: 'sara' } });
    fireEvent.change(within(form).getByTestId('user-field-password'), { target: { value: 'secret123' } });
    fireEvent.click(within(form).getByTestId('user-role-RECEPTIONIST'));
    // A manager is never offered SUPERADMIN.
    expect(within(form).queryByTestId('user-role-SUPERADMIN')).toBeNull();
    // First and last name are required for a new person: nothing is sent without them.
    fireEvent.click(within(form).getByTestId('user-form-save'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.change(within(form).getByTestId('user-field-firstName'), { target: { value: 'Sara' } });
    fireEvent.change(within(form).getByTestId('user-field-lastName'), { target: { value: 'Verdi' } });
    fireEvent.click(within(form).getByTestId('user-form-save'));
    expect((await screen.findByTestId('user-form-problem')).textContent).toBe('Unable to create user: this username is already taken.');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    // The manager works in English: the new person starts in English too.
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      username: 'sara',
      firstName: 'Sara',
      lastName: 'Verdi',
      language: 'en',
      salonId: 1,
      permissionIds: [3],
      annualDaysOff: 24,
    });
  });

  it("keeps SUPERADMIN and the manager's own ADMIN role out of reach, saying why", async () => {
    renderWith((url) => {
      if (url.includes('/UserPermissions/User/')) return json([{ userPermissionId: 7, userId: 2, permissionId: 2, permission: 'ADMIN' }]);
      return json([staff(2, 'manager', ['ADMIN'])]);
    });
    fireEvent.click(await screen.findByTestId('user-actions-manager'));
    fireEvent.click(await screen.findByTestId('user-action-roles'));
    const dialog = await screen.findByTestId('roles-dialog');
    expect((await within(dialog).findByTestId('grant-SUPERADMIN')).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByTestId('limit-SUPERADMIN').textContent).toBe('Only a superadmin may grant SUPERADMIN.');
    expect(within(dialog).getByTestId('grant-ADMIN').hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByTestId('limit-ADMIN').textContent).toBe('You cannot remove your own administrator role.');
    expect(within(dialog).getByTestId('grant-RECEPTIONIST').hasAttribute('disabled')).toBe(false);
  });

  it('lets a superadmin filter by salon and create a chain-level user with any role', async () => {
    auth.value = { isSuperadmin: true, user: { userId: 1, salonId: null }, roles: ['SUPERADMIN'] };
    const fetchMock = renderWith((url, init) => {
      if (init?.method === 'POST') return json(staff(9, 'chain.user', ['SUPERADMIN'], { salonId: null }));
      return json(
        url.includes('salonId=1')
          ? [staff(2, 'manager', ['ADMIN'])]
          : [staff(2, 'manager', ['ADMIN']), staff(8, 'other', ['IMAGE'], { salonId: 2 })],
      );
    });
    const table = await screen.findByRole('table', { name: 'Staff list' });
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(2);
    expect(within(table).getByRole('columnheader', { name: /Salon/ })).toBeTruthy();
    fireEvent.change(screen.getByTestId('users-salon-filter'), { target: { value: '1' } });
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('?salonId=1'))).toBe(true));
    fireEvent.change(screen.getByTestId('users-salon-filter'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('user-create'));
    const form = await screen.findByTestId('user-form');
    fireEvent.change(within(form).getByTestId('user-field-username'), { target: { value: 'chain.user' } });
    fireEvent.change(within(form).getByTestId('user-field-firstName'), { target: { value: 'Chain' } });
    fireEvent.change(within(form).getByTestId('user-field-lastName'), { target: { value: 'User' } });
    fireEvent.change(within(form).getByTestId('user-field-password'), { target: { value: 'secret123' } });
    fireEvent.click(within(form).getByTestId('user-role-SUPERADMIN'));
    fireEvent.click(within(form).getByTestId('user-form-save'));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ username: 'chain.user', salonId: null, permissionIds: [1] });
  });
});
