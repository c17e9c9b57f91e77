import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../lib/auth';
import { reportFailure } from '../../lib/snackbar';
import { type NavigationItem, searchNavigation } from '../navigation';
import { NavigationIcon } from './navigation-icon';
import { useNavigation } from './use-navigation';

/** Toggles one id in a shortcut list, keeping the order of the rest. */
export function toggleShortcut(shortcuts: readonly string[], id: string): string[] {
  return shortcuts.includes(id) ? shortcuts.filter((s) => s !== id) : [...shortcuts, id];
}

/** The shortcuts bar: the user's starred pages, and a menu to star or unstar pages (saved in data.shortcuts). */
export function ShortcutsBar() {
  const { t } = useTranslation('shell');
  const { user, updateUser } = useAuth();
  const { pages, fullTitle: title, title: ownTitle } = useNavigation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [search, setSearch] = useState('');
  const ids = user?.data.shortcuts ?? [];
  const starred = useMemo(
    () => ids.map((id) => pages.find((page) => page.id === id)).filter((page): page is NavigationItem => !!page),
    [ids, pages],
  );
  const listed = search.trim() ? searchNavigation(pages, search, title) : starred;

  const toggle = (id: string) => {
    updateUser({ data: { shortcuts: toggleShortcut(ids, id) } }).catch(reportFailure('Unable to update user'));
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, minWidth: 0 }} data-testid="shortcuts">
      <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 0.25, overflow: 'hidden' }}>
        {starred.map((page) => (
          <Tooltip key={page.id} title={title(page)}>
            <IconButton
              component={RouterLink}
              to={page.url ?? '/'}
              size="small"
              color="inherit"
              aria-label={title(page)}
              data-testid={`shortcut-${page.id}`}
            >
              {page.icon ? (
                <NavigationIcon name={page.icon} />
              ) : (
                <Typography sx={{ fontWeight: 700, fontSize: 13 }}>{ownTitle(page)[0]}</Typography>
              )}
            </IconButton>
          </Tooltip>
        ))}
      </Box>
      <Tooltip title={t('shortcuts.tooltip')}>
        <IconButton
          size="small"
          color="inherit"
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={t('shortcuts.tooltip')}
          data-testid="shortcuts-toggle"
        >
          <StarIcon sx={{ color: '#f9a825' }} />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => {
          setAnchor(null);
          setSearch('');
        }}
        slotProps={{ paper: { sx: { width: 300, maxHeight: 440 } } }}
        autoFocus={false}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <TextField
            autoFocus
            fullWidth
            size="small"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => event.stopPropagation()}
            placeholder={t('shortcuts.placeholder')}
            slotProps={{ htmlInput: { 'aria-label': t('shortcuts.placeholder'), 'data-testid': 'shortcuts-search' } }}
          />
        </Box>
        <Divider />
        {listed.length === 0 && (
          <Typography sx={{ px: 2, py: 1.5 }} color="text.secondary">
            {search.trim() ? t('search.noResults') : t('shortcuts.none')}
          </Typography>
        )}
        {listed.map((page) => {
          const isStarred = ids.includes(page.id);
          return (
            <MenuItem key={page.id} onClick={() => toggle(page.id)} data-testid={`shortcut-option-${page.id}`} aria-pressed={isStarred}>
              <ListItemIcon>
                <NavigationIcon name={page.icon} />
              </ListItemIcon>
              <ListItemText primary={title(page)} />
              {isStarred ? (
                <StarIcon fontSize="small" sx={{ color: '#f9a825' }} aria-label={t('shortcuts.remove')} />
              ) : (
                <StarBorderIcon fontSize="small" aria-label={t('shortcuts.add')} />
              )}
            </MenuItem>
          );
        })}
      </Menu>
    </Box>
  );
}
