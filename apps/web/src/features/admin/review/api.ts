import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReviewKind } from '@rush/domain';
import { ADMIN_ROUTES, type ReviewActionRequest } from '@rush/protocol';
import { request } from '../../../api/http.ts';
import { withQuery } from '../api.ts';
import { sectionKey } from '../queries.ts';

/* Issue 37: the responsible-gaming review's calls (a page of findings, an action, the CSV's address). */

/** The list's filters: a kind and one player's uid ('' for all). */
export interface ReviewFilters {
  kind: ReviewKind | '';
  uid: string;
}

export const fetchReview = (filters: ReviewFilters, page: number) =>
  request('GET', withQuery(ADMIN_ROUTES.review, { ...filters, page }), { schema: (s) => s.ReviewResponse });

export const actOnFinding = ({ uid, ...body }: ReviewActionRequest & { uid: string }) =>
  request('POST', ADMIN_ROUTES.reviewAction(uid), { json: body, schema: (s) => s.ReviewActionResponse });

/** A plain link downloads it: the session cookie goes with a GET, and the server names the file. */
export const reviewCsvUrl = (filters: ReviewFilters) => withQuery(ADMIN_ROUTES.reviewCsv, { ...filters });

export const reviewKey = (filters: ReviewFilters, page: number) => [...sectionKey('review'), filters, page] as const;

export const useReview = (filters: ReviewFilters, page: number) =>
  useQuery({
    queryKey: reviewKey(filters, page),
    queryFn: () => fetchReview(filters, page),
    placeholderData: keepPreviousData,
  });
