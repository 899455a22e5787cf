import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDashboard, AdminUser, AdminUserList, AdminUserUpdateBody, UserGrowth } from '#contract/admin.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

export type UsersQuery = { q: string; page: number; pageSize: number };

const usersKey = ['admin', 'users'] as const;

export const adminUsersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: [...usersKey, 'list', query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ q: query.q, page: String(query.page), pageSize: String(query.pageSize) });
      return apiFetch<AdminUserList>(`/api/admin/users?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(query: UsersQuery) {
  return useQuery(adminUsersQueryOptions(query));
}

export const userGrowthQueryOptions = queryOptions({
  queryKey: [...usersKey, 'growth'],
  queryFn: ({ signal }) => apiFetch<UserGrowth>('/api/admin/users/growth', { signal }),
});

export function useUserGrowth() {
  return useQuery(userGrowthQueryOptions);
}

export const dashboardQueryOptions = queryOptions({
  queryKey: ['admin', 'dashboard'],
  queryFn: ({ signal }) => apiFetch<AdminDashboard>('/api/admin/dashboard', { signal }),
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
    mutationFn: ({ id, body }: { id: string; body: AdminUserUpdateBody }) =>
      apiFetch<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ ok: true; message: string }>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
