import type { DataQualityIssue, IssueCounts } from './api/use-data-quality';

/** A field of the client record the checks look at, with its counts of the two kinds of finding. */
export interface FieldIssues {
  field: 'phone' | 'email' | 'birthDate' | 'gender' | 'consent' | 'duplicate';
  /** Records without the field (for 'duplicate': none, the finding is of its own kind). */
  missing: number;
  /** Records whose value is there but wrong (invalid phone or e-mail, implausible birth date); null where no such check exists. */
  invalid: number | null;
  /** Records in a group of likely duplicates ('duplicate' only). */
  duplicates: number;
}

/** The findings per field, in the order of the record's fields, from the API's counts. */
export function issuesByField(issues: IssueCounts): FieldIssues[] {
  return [
    { field: 'phone', missing: issues.phoneMissing, invalid: issues.phoneInvalid, duplicates: 0 },
    { field: 'email', missing: issues.emailMissing, invalid: issues.emailInvalid, duplicates: 0 },
    { field: 'birthDate', missing: issues.birthDateMissing, invalid: issues.birthDateImplausible, duplicates: 0 },
    { field: 'gender', missing: issues.genderMissing, invalid: null, duplicates: 0 },
    { field: 'consent', missing: issues.consentMissing, invalid: null, duplicates: 0 },
    { field: 'duplicate', missing: 0, invalid: null, duplicates: issues.duplicates },
  ];
}

/** How a finding is shown: a wrong value (red), a missing one, or a likely duplicate. */
export function issueTone(issue: DataQualityIssue): 'invalid' | 'missing' | 'duplicate' {
  if (issue === 'DUPLICATE') return 'duplicate';
  return issue.endsWith('_MISSING') ? 'missing' : 'invalid';
}

/** A client's name as shown: first and last name, or the record number when both are empty. */
export function clientNameOf(row: { clientId: number; firstName: string; lastName: string }, unnamed: (id: number) => string): string {
  const name = `${row.firstName} ${row.lastName}`.trim();
  return name === '' ? unnamed(row.clientId) : name;
}

/** The offset of a page (0-based) of `limit` rows, as the API takes it. */
export const offsetOfPage = (page: number, limit: number) => Math.max(0, page) * limit;

/** The page to show after the list changed length: the last page that still has rows (0 for an empty list). */
export function clampPage(page: number, total: number, limit: number): number {
  const last = Math.max(0, Math.ceil(total / limit) - 1);
  return Math.min(Math.max(0, page), last);
}
