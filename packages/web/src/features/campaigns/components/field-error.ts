import { useTranslation } from 'react-i18next';
import type { FormErrors } from '../campaign-form';

/** The error props of a form field: red, with the error in words as its helper text (incentives:errors.<code>). */
export function useFieldError(errors: FormErrors) {
  const { t } = useTranslation('campaigns');
  return (path: string, values: Record<string, unknown> = {}) => {
    const code = errors[path];
    return code ? { error: true, helperText: t(`errors.${code}`, values) } : { error: false };
  };
}
