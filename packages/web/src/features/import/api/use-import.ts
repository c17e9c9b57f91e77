import {
  downloadImportErrors,
  getImportJob,
  type ImportKindName,
  listImportJobs,
  listImportKinds,
  type ResponseOf,
  startImport,
} from '@salon/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi, downloadFile, uploadForm } from '../../../lib/api-client';

/*
 * The contract's kind is `Type.Union(IMPORT_KINDS.map(Type.Literal))`: built from an array, its
 * static type is `never`, so these types put ImportKindName back where the contract has a kind.
 */
type WithKind<T> = Omit<T, 'kind'> & { kind: ImportKindName };
export type ImportKind = WithKind<ResponseOf<typeof listImportKinds>['kinds'][number]>;
export type ImportColumn = Omit<ImportKind['columns'][number], 'references'> & { references?: ImportKindName };
export type ImportJob = WithKind<ResponseOf<typeof getImportJob>>;
export type ImportRowError = ImportJob['errors'][number];
type KindsResponse = Omit<ResponseOf<typeof listImportKinds>, 'kinds'> & { kinds: ImportKind[] };
type Language = 'en' | 'it';

const importKey = ['import'] as const;
/** How often a running job is asked for its progress. */
export const POLL_MS = 500;

/** The kinds of file with their columns (the preview maps a file's header onto them). */
export function useImportKinds() {
  return useQuery({
    queryKey: [...importKey, 'kinds'],
    queryFn: async ({ signal }): Promise<KindsResponse> => (await callApi(listImportKinds, {}, { signal })) as KindsResponse,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A salon's import history (with the chain-level imports), newest first. */
export function useImportHistory(salonId: number | null, language: Language) {
  return useQuery({
    queryKey: [...importKey, 'history', salonId, language],
    queryFn: async ({ signal }) =>
      (await callApi(listImportJobs, { params: { salonId: salonId ?? 0 }, query: { language } }, { signal })) as { items: ImportJob[] },
    enabled: salonId !== null,
  });
}

/** One job, asked again every POLL_MS while it runs. */
export function useImportJob(jobId: number | null, language: Language) {
  return useQuery({
    queryKey: [...importKey, 'job', jobId, language],
    queryFn: async ({ signal }) =>
      (await callApi(getImportJob, { params: { jobId: jobId ?? 0 }, query: { language } }, { signal })) as ImportJob,
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'RUNNING' ? POLL_MS : false),
  });
}

export interface StartImportInput {
  salonId: number;
  kind: ImportKindName;
  file: File;
  isDryRun: boolean;
  language: Language;
}

/** Uploads a file and starts its job (a dry run or the import); answers the job at once. */
export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ salonId, kind, file, isDryRun, language }: StartImportInput) => {
      const form = new FormData();
      form.append('file', file, file.name);
      const job = await uploadForm(startImport, { params: { salonId, kind: kind as never }, query: { dryRun: isDryRun, language } }, form);
      return job as ImportJob;
    },
    onSuccess: (job, { language }) => {
      // The upload's answer is the job's first state (RUNNING, 0 %): shown at once, then polled.
      client.setQueryData([...importKey, 'job', job.jobId, language], job);
      return client.invalidateQueries({ queryKey: [...importKey, 'history'] });
    },
  });
}

/**
 * What a finished job makes out of date: a dry run only the history; an import also every cached
 * report (any of them may show the days the file touched).
 */
export function useRefreshAfterJob() {
  const client = useQueryClient();
  return useCallback(
    (scope: 'history' | 'everything') =>
      client.invalidateQueries(scope === 'history' ? { queryKey: [...importKey, 'history'] } : undefined),
    [client],
  );
}

/** Saves the CSV report of every invalid row of a job. */
export function downloadErrorReport(jobId: number, language: Language) {
  return downloadFile(downloadImportErrors, { params: { jobId }, query: { language } }, `import-${jobId}-errors.csv`);
}
