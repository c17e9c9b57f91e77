import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { describeFailure } from '../../lib/failure';
import { useNews } from './api/use-news';
import { formatPublished } from './news-text';

/** The quick panel's news: the latest three and how many the person has not read. */
export default function NewsQuickPanel({ onNavigate }: { onNavigate?: () => void }) {
  const { t, i18n } = useTranslation('news');
  const news = useNews(3);
  const unread = news.data?.unreadCount ?? 0;
  return (
    <Box data-testid="quick-panel-news">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="overline" component="h2" color="text.secondary">
          {t('quickPanel.title')}
        </Typography>
        {unread > 0 && (
          <Chip size="small" color="secondary" label={t('quickPanel.unread', { count: unread })} data-testid="quick-panel-news-unread" />
        )}
      </Box>
      {news.isError && <Typography color="error">{describeFailure(news.error, 'Unable to get news')}</Typography>}
      {news.isSuccess && news.data.items.length === 0 && <Typography color="text.secondary">{t('empty')}</Typography>}
      {news.isSuccess && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {news.data.items.slice(0, 3).map((item) => (
            <li key={item.newsId} data-testid="quick-panel-news-item">
              <Link
                component={RouterLink}
                to="/news"
                onClick={onNavigate}
                sx={{ fontWeight: item.isRead ? 400 : 700, overflowWrap: 'anywhere' }}
              >
                {item.title}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {formatPublished(item.publishedAt, i18n.language)}
              </Typography>
            </li>
          ))}
        </Box>
      )}
      <Link component={RouterLink} to="/news" onClick={onNavigate} variant="body2" sx={{ display: 'inline-block', mt: 1.5 }}>
        {t('quickPanel.all')}
      </Link>
    </Box>
  );
}
