import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { type NavigationItem, navIndent } from '../navigation';
import { useSettings } from '../settings';
import { getTheme } from '../theme';
import { NavigationIcon } from './navigation-icon';
import { useNavigation } from './use-navigation';

const isExternal = (item: NavigationItem) => /^https?:\/\//.test(item.url ?? '') || Boolean(item.url?.startsWith('/api/'));

function menuEntries(items: NavigationItem[], level: number, title: (item: NavigationItem) => string, close: () => void): ReactNode[] {
  return items.flatMap((item) => {
    if (item.type === 'divider') return [<Divider key={item.id} />];
    if (item.type === 'group' || item.type === 'collapse') {
      return [
        <ListSubheader key={item.id} sx={{ lineHeight: '32px', pl: `${16 + navIndent(level)}px` }}>
          {title(item)}
        </ListSubheader>,
        ...menuEntries(item.children ?? [], level + 1, title, close),
      ];
    }
    const link =
      item.type === 'link'
        ? {
            component: 'a' as const,
            href: item.url,
            target: item.target ?? (isExternal(item) ? '_blank' : '_self'),
            rel: 'noopener noreferrer',
          }
        : { component: NavLink, to: item.url ?? '/' };
    return [
      <MenuItem key={item.id} {...link} onClick={close} dense data-testid={`nav-${item.id}`} sx={{ pl: `${16 + navIndent(level)}px` }}>
        {item.icon && (
          <ListItemIcon>
            <NavigationIcon name={item.icon} />
          </ListItemIcon>
        )}
        {title(item)}
      </MenuItem>,
    ];
  });
}

function TopEntry({ item, dense }: { item: NavigationItem; dense: boolean }) {
  const { title } = useNavigation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const size = dense ? 'small' : 'medium';
  if (item.type === 'divider') return <Divider orientation="vertical" flexItem sx={{ mx: 1 }} />;
  if (item.type === 'item') {
    return (
      <Button
        color="inherit"
        size={size}
        component={NavLink}
        to={item.url ?? '/'}
        startIcon={<NavigationIcon name={item.icon} />}
        data-testid={`nav-${item.id}`}
      >
        {title(item)}
      </Button>
    );
  }
  if (item.type === 'link') {
    const target = item.target ?? (isExternal(item) ? '_blank' : '_self');
    return (
      <Button
        color="inherit"
        size={size}
        component="a"
        href={item.url}
        target={target}
        rel="noopener noreferrer"
        startIcon={<NavigationIcon name={item.icon} />}
        data-testid={`nav-${item.id}`}
      >
        {title(item)}
      </Button>
    );
  }
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        size={size}
        onClick={(event) => setAnchor(event.currentTarget)}
        endIcon={<ExpandMoreIcon />}
        startIcon={<NavigationIcon name={item.icon} />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        data-testid={`nav-${item.id}`}
      >
        {title(item)}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close} slotProps={{ paper: { sx: { maxHeight: '70vh', minWidth: 240 } } }}>
        {menuEntries(item.children ?? [], 0, title, close)}
      </Menu>
    </>
  );
}

/** The horizontal navbar of layout2 and (dense, with search) layout3. */
export function NavbarHorizontal({ dense = false, end }: { dense?: boolean; end?: ReactNode }) {
  const { settings } = useSettings();
  const { tree } = useNavigation();
  const { t } = useTranslation('shell');
  if (!settings.layout.config.navbar.display) return null;
  return (
    <ThemeProvider theme={getTheme(settings.theme.navbar)}>
      <Box
        component="nav"
        aria-label={t('navbar.label')}
        data-testid="navbar"
        data-variant={dense ? 'horizontal-dense' : 'horizontal'}
        sx={{ bgcolor: 'background.default', color: 'text.primary', boxShadow: 1, position: 'relative', zIndex: 2 }}
      >
        <Box
          sx={{
            maxWidth: settings.layout.config.mode === 'container' ? 1120 : undefined,
            mx: 'auto',
            display: 'flex',
            alignItems: 'center',
            gap: dense ? 0 : 0.5,
            px: 1,
            minHeight: dense ? 44 : 56,
            overflowX: 'auto',
          }}
        >
          {tree.map((item) => (
            <TopEntry key={item.id} item={item} dense={dense} />
          ))}
          {end && <Box sx={{ ml: 'auto', pl: 1 }}>{end}</Box>}
        </Box>
      </Box>
    </ThemeProvider>
  );
}
