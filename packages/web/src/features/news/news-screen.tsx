import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth';
import { describeFailure } from '../../lib/failure';
import { salonsQuery } from '../../lib/salon-today';
import { showMessage } from '../../lib/snackbar';
import { type NewsItem, useNewsMutations, useNewsPages } from './api/use-news';
import { NewsBody } from './news-body';
import { formatPublished, newestFirst, validateNews } from './news-text';

const CHAIN = 'chain';
/** How many items the list shows at first, and how many more each 'Show more' adds. */
export const PAGE_SIZE = 20;

interface NewsFormProps {
  initial?: { title: string; body: string };
  /** Shown only for a superadmin composing: a salon or the whole chain. */
  audience?: { value: string; options: { value: string; label: string }[]; onChange: (value: string) => void };
  submitLabel: string;
  isPending: boolean;
  problem: string | null;
  onSubmit: (values: { title: string; body: string }) => void;
  onCancel?: () => void;
  testId: string;
}

function NewsForm({ initial, audience, submitLabel, isPending, problem, onSubmit, onCancel, testId }: NewsFormProps) {
  const { t } = useTranslation('news');
  const [title, setTitle] = useState(initial?.title ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const [errors, setErrors] = useState<ReturnType<typeof validateNews>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateNews({ title, body });
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit({ title: title.trim(), body: body.trim() });
  };
  return (
    <Box component="form" onSubmit={submit} noValidate data-testid={testId} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {problem && (
        <Alert severity="error" data-testid={`${testId}-problem`}>
          {problem}
        </Alert>
      )}
      {audience && (
        <TextField
          select
          size="small"
          label={t('form.audience')}
          value={audience.value}
          onChange={(event) => audience.onChange(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'news-audience' } }}
        >
          {audience.options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        size="small"
        label={t('form.title')}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={!!errors.title}
        helperText={errors.title ? t(`form.errors.title.${errors.title}`) : undefined}
        required
        slotProps={{ htmlInput: { 'data-testid': 'news-title', maxLength: 200 } }}
      />
      <TextField
        label={t('form.body')}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        error={!!errors.body}
        helperText={errors.body ? t(`form.errors.body.${errors.body}`) : t('form.bodyHelp')}
        required
        multiline
        minRows={3}
        slotProps={{ htmlInput: { 'data-testid': 'news-body' } }}
      />
      <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
        {onCancel && <Button onClick={onCancel}>{t('cancel')}</Button>}
        <Button type="submit" variant="contained" color="secondary" disabled={isPending} data-testid={`${testId}-submit`}>
          {submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}

/** /news: the salon's and the chain's news, newest first; managers write, edit and delete. */
export default function NewsScreen() {
  const { t, i18n } = useTranslation('news');
  const { roles, isSuperadmin } = useAuth();
  const canWrite = isSuperadmin || roles.includes('ADMIN');
  const news = useNewsPages();
  // Pages are read by offset: an item published meanwhile can push one into the next page, so keep each once.
  const items = useMemo(() => {
    const seen = new Set<number>();
    return (news.data?.pages ?? [])
      .flatMap((page) => page.items)
      .filter((item) => {
        if (seen.has(item.newsId)) return false;
        seen.add(item.newsId);
        return true;
      });
  }, [news.data]);
  const total = news.data?.pages[0]?.total ?? 0;
  const unreadCount = news.data?.pages[0]?.unreadCount ?? 0;
  const salons = useQuery({ ...salonsQuery, enabled: isSuperadmin });
  const { create, update, remove, markRead } = useNewsMutations();
  const [audience, setAudience] = useState<string>(CHAIN);
  const [composeProblem, setComposeProblem] = useState<string | null>(null);
  const [composeKey, setComposeKey] = useState(0);
  const [editing, setEditing] = useState<number | null>(null);
  const [editProblem, setEditProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<NewsItem | null>(null);
  // What was unread when the screen opened keeps its "New" mark while the screen is shown.
  const [unreadOnOpen, setUnreadOnOpen] = useState<Set<number> | null>(null);
  const marked = useRef(false);
  const [shown, setShown] = useState(PAGE_SIZE);

  /** Shows PAGE_SIZE more; asks the next page of the API when the shown ones reach what is loaded. */
  const showMore = () => {
    const next = shown + PAGE_SIZE;
    setShown(next);
    if (next > items.length && news.hasNextPage) void news.fetchNextPage();
  };

  useEffect(() => {
    if (!news.data || unreadOnOpen !== null) return;
    setUnreadOnOpen(new Set(items.filter((item) => !item.isRead).map((item) => item.newsId)));
    if (unreadCount > 0 && !marked.current) {
      marked.current = true;
      markRead.mutate();
    }
  }, [news.data, items, unreadCount, unreadOnOpen, markRead]);

  const publish = (values: { title: string; body: string }) => {
    setComposeProblem(null);
    const salonId = isSuperadmin ? (audience === CHAIN ? null : Number(audience)) : undefined;
    create.mutate(
      { ...values, ...(salonId === undefined ? {} : { salonId }) },
      {
        onSuccess: () => {
          showMessage(t('published'), 'success');
          setComposeKey((key) => key + 1);
        },
        onError: (error) => setComposeProblem(describeFailure(error, 'Unable to add news')),
      },
    );
  };

  const save = (id: number, values: { title: string; body: string }) => {
    setEditProblem(null);
    update.mutate(
      { id, body: values },
      {
        onSuccess: () => {
          showMessage(t('saved'), 'success');
          setEditing(null);
        },
        onError: (error) => setEditProblem(describeFailure(error, t('updateFailed'))),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.newsId, {
      onSuccess: () => {
        showMessage(t('deleted'), 'success');
        setDeleting(null);
      },
      onError: (error) => {
        showMessage(describeFailure(error, t('deleteFailed')), 'error');
        setDeleting(null);
      },
    });
  };

  const audienceOptions = [
    { value: CHAIN, label: t('wholeChain') },
    ...(salons.data ?? []).map((salon) => ({ value: String(salon.id), label: salon.name })),
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 900, minWidth: 0 }} data-testid="news-screen">
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      {canWrite && (
        <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
          <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
            {t('compose')}
          </Typography>
          <NewsForm
            key={composeKey}
            audience={isSuperadmin ? { value: audience, options: audienceOptions, onChange: setAudience } : undefined}
            submitLabel={t('publish')}
            isPending={create.isPending}
            problem={composeProblem}
            onSubmit={publish}
            testId="news-compose"
          />
          {!isSuperadmin && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('forYourSalon')}
            </Typography>
          )}
        </Paper>
      )}
      {news.isPending && <LinearProgress aria-label={t('loading')} />}
      {news.isError && (
        <Alert severity="error" data-testid="news-error" action={<Button onClick={() => void news.refetch()}>{t('retry')}</Button>}>
          {describeFailure(news.error, 'Unable to get news')}
        </Alert>
      )}
      {news.isSuccess && items.length === 0 && <Typography color="text.secondary">{t('empty')}</Typography>}
      <Stack component="ul" sx={{ gap: 2, listStyle: 'none', p: 0, m: 0 }} aria-label={t('listLabel')}>
        {newestFirst(items)
          .slice(0, shown)
          .map((item) => (
            <Paper component="li" key={item.newsId} sx={{ p: { xs: 2, sm: 3 } }} data-testid="news-item">
              {editing === item.newsId ? (
                <NewsForm
                  initial={{ title: item.title, body: item.body }}
                  submitLabel={t('save')}
                  isPending={update.isPending}
                  problem={editProblem}
                  onSubmit={(values) => save(item.newsId, values)}
                  onCancel={() => setEditing(null)}
                  testId="news-edit"
                />
              ) : (
                <>
                  <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
                    <Typography component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
                      {item.title}
                    </Typography>
                    {unreadOnOpen?.has(item.newsId) && <Chip size="small" color="secondary" label={t('new')} />}
                    <Chip
                      size="small"
                      variant="outlined"
                      label={item.salonId === null ? t('wholeChain') : (item.salonName ?? t('yourSalon'))}
                    />
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                    {t('byline', { author: item.authorName || t('unknownAuthor'), when: formatPublished(item.publishedAt, i18n.language) })}
                    {item.updatedAt ? ` · ${t('edited', { when: formatPublished(item.updatedAt, i18n.language) })}` : ''}
                  </Typography>
                  <NewsBody text={item.body} />
                  {item.canEdit && (
                    <Stack direction="row" sx={{ gap: 1, mt: 2 }}>
                      <Button
                        size="small"
                        onClick={() => {
                          setEditProblem(null);
                          setEditing(item.newsId);
                        }}
                        aria-label={t('editNamed', { title: item.title })}
                      >
                        {t('edit')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setDeleting(item)}
                        aria-label={t('deleteNamed', { title: item.title })}
                      >
                        {t('delete')}
                      </Button>
                    </Stack>
                  )}
                </>
              )}
            </Paper>
          ))}
      </Stack>
      {news.isSuccess && total > shown && (
        <Button sx={{ mt: 2 }} onClick={showMore} disabled={news.isFetchingNextPage} data-testid="news-more">
          {t('more', { count: total - shown })}
        </Button>
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="news-delete-title">
        <DialogTitle id="news-delete-title">{t('deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('deleteExplain', { title: deleting?.title ?? '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('cancel')}</Button>
          <Button color="error" variant="contained" onClick={confirmDelete} disabled={remove.isPending} data-testid="news-delete-confirm">
            {t('delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
