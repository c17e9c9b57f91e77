import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../components/a11y/visually-hidden';
import { formatMonth } from '../../components/format/dates';
import { formatValue } from '../../components/format/number-format';
import type { CustomerCohort } from './api/use-customer-analysis';
import { cohortColumns, cohortMaxShare, shadeOf } from './customer-shaping';

/**
 * Cohort retention as a shaded matrix: one row per first-visit month, one column per month after it,
 * each cell the share of the cohort seen again that month (the number is written in the cell, so the
 * table is its own text alternative; the shade follows the share up to the largest one shown).
 */
export function CohortMatrix({ cohorts }: { cohorts: readonly CustomerCohort[] }) {
  const { t, i18n } = useTranslation('customer-analysis');
  const language = i18n.language;
  const columns = cohortColumns(cohorts);
  const max = cohortMaxShare(cohorts);
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('cohorts.help')}
      </Typography>
      {columns === 0 ? (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="cohorts-too-short">
          {t('cohorts.tooShort')}
        </Typography>
      ) : null}
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Table
          size="small"
          aria-label={t('cohorts.tableLabel')}
          data-testid="cohort-matrix"
          sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('cohorts.firstVisitMonth')}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {t('cohorts.clients')}
              </TableCell>
              {Array.from({ length: columns }, (_, index) => index + 1).map((after) => (
                <TableCell key={after} component="th" scope="col" align="right">
                  <span aria-hidden>+{after}</span>
                  <Box component="span" sx={visuallyHidden}>
                    {t('cohorts.monthsAfter', { count: after })}
                  </Box>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {cohorts.map((cohort) => (
              <TableRow key={cohort.month} data-testid={`cohort-${cohort.month}`}>
                <TableCell component="th" scope="row">
                  {formatMonth(cohort.month, language)}
                </TableCell>
                <TableCell align="right">{formatValue(cohort.clients, 'integer', language)}</TableCell>
                {Array.from({ length: columns }, (_, index) => index + 1).map((after) => {
                  const cell = cohort.retention[after - 1];
                  if (!cell) return <TableCell key={after} />;
                  return (
                    <TableCell
                      key={after}
                      align="right"
                      title={t('cohorts.cellTitle', {
                        clients: formatValue(cell.clients, 'integer', language),
                        cohort: formatValue(cohort.clients, 'integer', language),
                        month: formatMonth(cohort.month, language),
                        count: cell.monthsAfter,
                      })}
                      sx={{ backgroundColor: shadeOf(cell.sharePercent, max), fontVariantNumeric: 'tabular-nums' }}
                    >
                      {formatValue(cell.sharePercent, 'percent', language)}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
