import { type BodyOf, createNews, deleteNews, listNews, markNewsRead, type ResponseOf, updateNews } from '@salon/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export type NewsItem = ResponseOf<typeof listNews>['items'][number];

/** Every news query starts with this key, so one invalidation refreshes the screen and the quick panel. */
export const newsKey = ['news'] as const;

/** The news the caller reads (their salon's and the chain's), newest first, with the unread count. */
export function useNews(limit?: number) {
  return useQuery({
    queryKey: [...newsKey, limit ?? 'all'],
    queryFn: ({ signal }) => callApi(listNews, { query: limit === undefined ? {} : { limit } }, { signal }),
  });
}

/** How many items one page of /news asks the API for. */
export const NEWS_PAGE = 100;

/** Every news item the caller reads, a page of NEWS_PAGE at a time (offset = what is already read), with the totals of the first page. */
export function useNewsPages() {
  return useInfiniteQuery({
    queryKey: [...newsKey, 'pages'],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => callApi(listNews, { query: { limit: NEWS_PAGE, offset: pageParam } }, { signal }),
    getNextPageParam: (last, pages) => {
      const read = pages.reduce((count, page) => count + page.items.length, 0);
      return last.items.length > 0 && read < last.total ? read : undefined;
    },
  });
}

export function useNewsMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: newsKey });
  return {
    create: useMutation({ mutationFn: (body: BodyOf<typeof createNews>) => callApi(createNews, { body }), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: BodyOf<typeof updateNews> }) => callApi(updateNews, { params: { id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: number) => callApi(deleteNews, { params: { id } }), onSuccess: refresh }),
    markRead: useMutation({ mutationFn: () => callApi(markNewsRead), onSuccess: refresh }),
  };
}
