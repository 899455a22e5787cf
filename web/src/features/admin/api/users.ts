import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserUpdateBody } from '#contract/admin.ts';
import { api } from '#web/lib/api.ts';

export type UsersQuery = { q: string; page: number; pageSize: number };

const usersKey = ['admin', 'users'] as const;

export const adminUsersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: [...usersKey, 'list', query],
    queryFn: ({ signal }) => api('GET /api/admin/users', { query: { q: query.q, page: query.page, pageSize: query.pageSize }, signal }),
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(query: UsersQuery) {
  return useQuery(adminUsersQueryOptions(query));
}

export const userGrowthQueryOptions = queryOptions({
  queryKey: [...usersKey, 'growth'],
  queryFn: ({ signal }) => api('GET /api/admin/users/growth', { signal }),
});

export function useUserGrowth() {
  return useQuery(userGrowthQueryOptions);
}

export const dashboardQueryOptions = queryOptions({
  queryKey: ['admin', 'dashboard'],
  queryFn: ({ signal }) => api('GET /api/admin/dashboard', { signal }),
});

export function useAdminDashboard() {
  return useQuery(dashboardQueryOptions);
}

/** After an edit or a deletion the lists, growth figures and dashboard are read again. */
function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: usersKey });
    void queryClient.invalidateQueries({ queryKey: dashboardQueryOptions.queryKey });
  };
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdminUserUpdateBody }) => api('PUT /api/admin/users/:id', { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) => api('DELETE /api/admin/users/:id', { params: { id } }),
    onSuccess: invalidate,
  });
}
