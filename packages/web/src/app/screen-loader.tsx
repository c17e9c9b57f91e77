import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';

/** Shown while a lazily loaded screen arrives. */
export function ScreenLoader() {
  return (
    <Box sx={{ width: '100%', p: 0 }} data-testid="screen-loader">
      <LinearProgress color="secondary" aria-hidden />
    </Box>
  );
}
