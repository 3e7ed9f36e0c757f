import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReviewKind } from '@rush/domain';
import { ADMIN_ROUTES, type ReviewActionRequest } from '@rush/protocol';
import { request } from '../../../api/http.ts';
import { withQuery } from '../api.ts';
import { sectionKey } from '../queries.ts';

/** Issue 37: the responsible-gaming review's calls (a page of findings, an action, the CSV's address). */
export const fetchReview = (kind: ReviewKind | '', page: number) =>
  request('GET', withQuery(ADMIN_ROUTES.review, { kind, page }), { schema: (s) => s.ReviewResponse });

export const actOnFinding = ({ uid, ...body }: ReviewActionRequest & { uid: string }) =>
  request('POST', ADMIN_ROUTES.reviewAction(uid), { json: body, schema: (s) => s.ReviewActionResponse });

/** A plain link downloads it: the session cookie goes with a GET, and the server names the file. */
export const reviewCsvUrl = (kind: ReviewKind | '') => withQuery(ADMIN_ROUTES.reviewCsv, { kind });

export const reviewKey = (kind: ReviewKind | '', page: number) => [...sectionKey('review'), kind, page] as const;

export const useReview = (kind: ReviewKind | '', page: number) =>
  useQuery({
    queryKey: reviewKey(kind, page),
    queryFn: () => fetchReview(kind, page),
    placeholderData: keepPreviousData,
  });
