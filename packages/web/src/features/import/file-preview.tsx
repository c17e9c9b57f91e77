import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportKind } from './api/use-import';
import { mapColumns, PREVIEW_ROWS, previewRows, type SheetSample } from './import-preview';

const DELIMITER_KEYS = { ',': 'comma', ';': 'semicolon', '\t': 'tab' } as const;

/** The first rows of the chosen file under the kind's columns, with what does not line up. */
export function FilePreview({ sample, kind }: { sample: SheetSample; kind: ImportKind }) {
  const { t } = useTranslation('import');
  const mapping = useMemo(() => mapColumns(sample.header, kind.columns), [sample.header, kind.columns]);
  const rows = useMemo(() => previewRows(sample, mapping), [sample, mapping]);
  const kindName = t(`kinds.${kind.kind}.name`);

  if (sample.header.length === 0) {
    return (
      <Alert severity="warning" data-testid="preview-empty">
        {t('preview.noHeader')}
      </Alert>
    );
  }

  const read = [
    sample.sheet ? t('preview.sheet', { sheet: sample.sheet }) : null,
    sample.delimiter ? t('preview.delimiter', { delimiter: t(`preview.delimiters.${DELIMITER_KEYS[sample.delimiter]}`) }) : null,
    sample.encoding ? t('preview.encoding', { encoding: sample.encoding.toUpperCase() }) : null,
  ].filter(Boolean);

  return (
    <Stack sx={{ gap: 1.5, minWidth: 0 }} data-testid="import-preview">
      <Typography variant="body2" color="text.secondary">
        {t('preview.summary', { count: rows.length, max: PREVIEW_ROWS })}
        {read.length > 0 ? ` ${read.join(' · ')}` : ''}
      </Typography>
      {mapping.missingRequired.length > 0 && (
        <Alert severity="error" data-testid="preview-missing">
          {t('preview.missing', { columns: mapping.missingRequired.join(', '), kind: kindName })}
        </Alert>
      )}
      {mapping.unknownHeaders.length > 0 && (
        <Alert severity="warning" data-testid="preview-unknown">
          {t('preview.unknown', { columns: mapping.unknownHeaders.join(', '), kind: kindName })}
        </Alert>
      )}
      {mapping.duplicateHeaders.length > 0 && (
        <Alert severity="warning" data-testid="preview-duplicate">
          {t('preview.duplicate', { columns: mapping.duplicateHeaders.join(', ') })}
        </Alert>
      )}
      {mapping.missingRequired.length === 0 && mapping.unknownHeaders.length === 0 && mapping.duplicateHeaders.length === 0 && (
        <Alert severity="success" data-testid="preview-matched">
          {t('preview.matched', { count: mapping.columns.filter((entry) => entry.fileIndex !== null).length, kind: kindName })}
        </Alert>
      )}
      {rows.length === 0 ? (
        <Alert severity="info">{t('preview.noRows')}</Alert>
      ) : (
        <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }} tabIndex={0}>
          <Table size="small" aria-label={t('preview.tableLabel')} data-testid="preview-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('preview.row')}</TableCell>
                {mapping.columns.map(({ column, fileIndex }) => (
                  <TableCell key={column.name} sx={{ whiteSpace: 'nowrap', color: fileIndex === null ? 'text.secondary' : undefined }}>
                    <Box component="span" sx={{ fontFamily: 'monospace' }}>
                      {column.name}
                    </Box>
                    {column.isRequired ? ' *' : ''}
                    {fileIndex === null && (
                      <Typography variant="caption" component="span" sx={{ display: 'block' }}>
                        {t('preview.notInFile')}
                      </Typography>
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.number}>
                  <TableCell component="th" scope="row">
                    {row.number}
                  </TableCell>
                  {row.values.map((value, index) => {
                    const column = mapping.columns[index]?.column;
                    const isMissing = column !== undefined && row.emptyRequired.includes(column.name);
                    return (
                      <TableCell
                        key={column?.name ?? index}
                        sx={{ whiteSpace: 'nowrap', color: isMissing ? 'error.main' : undefined }}
                        data-missing={isMissing || undefined}
                      >
                        {value === null ? '–' : isMissing ? t('preview.empty') : value}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Typography variant="caption" color="text.secondary">
        {t('preview.requiredNote')}
      </Typography>
    </Stack>
  );
}
