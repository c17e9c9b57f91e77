import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { translateMessage } from './i18n';
import type { SnackbarMessage } from './snackbar';

/** One message: top centre, hidden after 6000 ms, with the icon of its variant. */
export default function SnackbarView({ message, hideMs, onClose }: { message: SnackbarMessage; hideMs: number; onClose: () => void }) {
  return (
    <Snackbar
      key={message.id}
      open
      autoHideDuration={hideMs}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
    >
      <Alert variant="filled" severity={message.variant} onClose={onClose} data-testid="snackbar">
        {translateMessage(message.message)}
      </Alert>
    </Snackbar>
  );
}
