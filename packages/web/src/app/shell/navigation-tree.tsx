import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { type NavigationItem, navIndent } from '../navigation';
import { NavigationIcon } from './navigation-icon';
import { useNavigation } from './use-navigation';

interface TreeProps {
  items: NavigationItem[];
  /** Only icons: the folded navbar. */
  folded?: boolean;
  onNavigate?: () => void;
}

const containsPath = (item: NavigationItem, path: string): boolean =>
  item.url === path || (item.children ?? []).some((child) => containsPath(child, path));

const itemSx = (level: number, folded: boolean) => ({
  pl: folded ? 2.5 : `${16 + navIndent(level)}px`,
  pr: 1.5,
  py: 0.75,
  mx: 1,
  mb: 0.25,
  borderRadius: 1.5,
  minHeight: 40,
  '&.active, &.Mui-selected': {
    bgcolor: 'secondary.main',
    color: 'secondary.contrastText',
    '& .MuiListItemIcon-root': { color: 'inherit' },
  },
  '&.active:hover': { bgcolor: 'secondary.dark' },
  '&:hover': { bgcolor: (theme: { palette: { text: { primary: string } } }) => alpha(theme.palette.text.primary, 0.08) },
});

/** The vertical navigation: groups, collapses, items, external links and dividers. */
export function NavigationTree({ items, folded = false, onNavigate }: TreeProps) {
  const { t } = useTranslation('shell');
  return (
    <nav aria-label={t('navbar.label')}>
      <List dense disablePadding sx={{ py: 1 }}>
        {items.map((item) => (
          <Entry key={item.id} item={item} level={0} folded={folded} onNavigate={onNavigate} />
        ))}
      </List>
    </nav>
  );
}

function Entry({ item, level, folded, onNavigate }: { item: NavigationItem; level: number; folded: boolean; onNavigate?: () => void }) {
  const { title } = useNavigation();
  const { pathname } = useLocation();
  const isActive = containsPath(item, pathname);
  const [open, setOpen] = useState(isActive);
  // A collapse opens when the user arrives on one of its pages (also after a redirect).
  useEffect(() => {
    if (isActive) setOpen(true);
  }, [isActive]);
  const label = title(item);
  const testId = `nav-${item.id}`;

  switch (item.type) {
    case 'divider':
      return (
        <li>
          <Divider sx={{ my: 1, mx: 2 }} />
        </li>
      );
    case 'group':
      return (
        <li data-testid={testId}>
          <List dense disablePadding>
            {folded ? (
              <li>
                <Divider sx={{ my: 1, mx: 2 }} />
              </li>
            ) : (
              <ListSubheader
                disableSticky
                sx={{
                  bgcolor: 'transparent',
                  color: 'text.secondary',
                  fontSize: 11,
                  fontWeight: 700,
                  letterSpacing: 1,
                  textTransform: 'uppercase',
                  lineHeight: '32px',
                  pl: 3,
                }}
              >
                {label}
              </ListSubheader>
            )}
            {(item.children ?? []).map((child) => (
              <Entry key={child.id} item={child} level={level} folded={folded} onNavigate={onNavigate} />
            ))}
          </List>
        </li>
      );
    case 'collapse':
      return (
        <li>
          <Tooltip title={folded ? label : ''} placement="right">
            <ListItemButton
              onClick={() => setOpen(!open)}
              aria-expanded={open}
              data-testid={testId}
              selected={folded && isActive}
              sx={itemSx(level, folded)}
            >
              <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
                <NavigationIcon name={item.icon} />
              </ListItemIcon>
              {!folded && <ListItemText primary={label} />}
              {!folded && (open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />)}
            </ListItemButton>
          </Tooltip>
          {!folded && (
            <Collapse in={open} timeout="auto" unmountOnExit>
              <List dense disablePadding>
                {(item.children ?? []).map((child) => (
                  <Entry key={child.id} item={child} level={level + 1} folded={folded} onNavigate={onNavigate} />
                ))}
              </List>
            </Collapse>
          )}
        </li>
      );
    case 'link': {
      const external = /^https?:\/\//.test(item.url ?? '') || item.url?.startsWith('/api/');
      const target = item.target ?? (external ? '_blank' : '_self');
      return (
        <li>
          <Tooltip title={folded ? label : ''} placement="right">
            <ListItemButton
              component="a"
              href={item.url}
              target={target}
              rel={target === '_blank' ? 'noopener noreferrer' : undefined}
              data-testid={testId}
              sx={itemSx(level, folded)}
            >
              <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
                <NavigationIcon name={item.icon} />
              </ListItemIcon>
              {!folded && <ListItemText primary={label} />}
              {!folded && target === '_blank' && <OpenInNewIcon sx={{ fontSize: 14, opacity: 0.7 }} aria-hidden />}
            </ListItemButton>
          </Tooltip>
        </li>
      );
    }
    default:
      return (
        <li>
          <Tooltip title={folded ? label : ''} placement="right">
            <ListItemButton
              component={NavLink}
              to={item.url ?? '/'}
              end={item.exact ?? true}
              onClick={onNavigate}
              data-testid={testId}
              sx={itemSx(level, folded)}
            >
              {(item.icon || level === 0) && (
                <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
                  <NavigationIcon name={item.icon} />
                </ListItemIcon>
              )}
              {!folded && <ListItemText primary={label} />}
            </ListItemButton>
          </Tooltip>
        </li>
      );
  }
}
