import LanguageIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from './auth';
import { LANGUAGES, type Language, setLanguage } from './i18n';
import { prerenderedMenuRequested } from './prerendered';
import { reportFailure } from './snackbar';

const NAMES: Record<Language, string> = { en: 'English', it: 'Italiano' };

/**
 * Chooses the interface language. The choice is stored on this device and, when signed in,
 * saved to the user; a signed-in user then lands on /salon-listing, where the
 * routing rules send on anyone who may not open it.
 */
export function LanguageSwitcher({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t, i18n } = useTranslation('common');
  const { user, updateUser } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Asked for on the sign-in page's static copy, before the app started (lib/prerendered.ts).
  const [requestedEarly] = useState(prerenderedMenuRequested);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (requestedEarly && button.current) setAnchor(button.current);
  }, [requestedEarly]);
  const current = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';

  const choose = async (language: Language) => {
    setAnchor(null);
    if (language === current) return;
    await setLanguage(language);
    if (user) {
      updateUser({ language }).catch(reportFailure('Unable to update user'));
      navigate('/salon-listing');
    }
  };

  return (
    <>
      <Button
        ref={button}
        color={color}
        startIcon={<LanguageIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-label={`${current} – ${t('language.choose')}`}
        data-testid="language-switcher"
        sx={{ textTransform: 'uppercase', minWidth: 0 }}
      >
        {current}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((language) => (
          <MenuItem key={language} selected={language === current} onClick={() => void choose(language)} lang={language}>
            {NAMES[language]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
