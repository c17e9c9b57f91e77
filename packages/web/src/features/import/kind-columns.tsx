import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportKind } from './api/use-import';

/** A kind's columns as docs/import.md lists them: name, type, required, example and meaning (from the Kinds call). */
export function KindColumns({ kind }: { kind: ImportKind }) {
  const { t, i18n } = useTranslation('import');
  const isItalian = i18n.language.startsWith('it');
  const summaryId = useId();
  const required = kind.columns.filter((column) => column.isRequired).map((column) => column.name);
  return (
    <Box sx={{ minWidth: 0 }} data-testid="kind-columns">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {t(`kinds.${kind.kind}.description`)} {t('columns.requiredList', { columns: required.join(', ') })}
      </Typography>
      <Accordion disableGutters variant="outlined" slotProps={{ transition: { unmountOnExit: true } }}>
        <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${summaryId}-content`} id={summaryId}>
          <Typography variant="body2">{t('columns.show', { count: kind.columns.length })}</Typography>
        </AccordionSummary>
        <AccordionDetails sx={{ p: 0 }}>
          <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
            <Table size="small" aria-label={t('columns.tableLabel', { kind: t(`kinds.${kind.kind}.name`) })}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('columns.name')}</TableCell>
                  <TableCell>{t('columns.type')}</TableCell>
                  <TableCell>{t('columns.required')}</TableCell>
                  <TableCell>{t('columns.example')}</TableCell>
                  <TableCell sx={{ minWidth: 220 }}>{t('columns.meaning')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {kind.columns.map((column) => (
                  <TableRow key={column.name}>
                    <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                      {column.name}
                    </TableCell>
                    <TableCell>
                      {t(`types.${column.type}`)}
                      {column.values ? `: ${column.values.join(', ')}` : ''}
                    </TableCell>
                    <TableCell>{column.isRequired ? t('yes') : t('no')}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{column.example}</TableCell>
                    <TableCell>
                      {isItalian ? column.descriptionIt : column.description}
                      {column.references ? ` (${t('columns.references', { kind: t(`kinds.${column.references}.name`) })})` : ''}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', p: 1.5, overflowWrap: 'anywhere' }}>
            {t('columns.sample', { file: kind.sampleFile })}
          </Typography>
        </AccordionDetails>
      </Accordion>
    </Box>
  );
}
