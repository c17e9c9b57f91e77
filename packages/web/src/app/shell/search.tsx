import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type NavigationItem, searchNavigation } from '../navigation';
import { useNavigation } from './use-navigation';

/** Toolbar search: up to 10 navigation entries by title; 'No results..' when none match. */
export function NavigationSearch({
  width = 240,
  autoFocus = false,
  onOpen,
}: {
  width?: number | string;
  autoFocus?: boolean;
  /** Called after a page is opened (the 390 px toolbar closes its search row). */
  onOpen?: () => void;
}) {
  const { t } = useTranslation('shell');
  const { pages, fullTitle: title } = useNavigation();
  const navigate = useNavigate();
  const [input, setInput] = useState('');

  const open = (item: NavigationItem | null) => {
    if (!item?.url) return;
    setInput('');
    if (item.type === 'link') window.open(item.url, item.target ?? '_blank', 'noopener');
    else navigate(item.url);
    onOpen?.();
  };

  return (
    <Autocomplete<NavigationItem>
      size="small"
      options={pages}
      value={null}
      inputValue={input}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setInput(value);
      }}
      onChange={(_event, item) => open(item)}
      open={input.trim().length > 0}
      filterOptions={(options) => searchNavigation(options, input, title)}
      getOptionLabel={title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={t('search.noResults')}
      popupIcon={null}
      sx={{ width }}
      data-testid="navigation-search"
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder={t('search.placeholder')}
          autoFocus={autoFocus}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': t('search.label') },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
