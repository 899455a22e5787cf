import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from './api-fetch.ts';
import { api } from './api.ts';
import { setSignedInUser } from './session.ts';

/** Logs out on the server, forgets every cached answer of the user, and says so (product.md, Accounts). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api('POST /api/logout'),
    onSuccess: () => {
      navigate('/');
      queryClient.removeQueries({ predicate: (query) => !['user', 'config', 'plans'].includes(String(query.queryKey[0])) });
      setSignedInUser(queryClient, null);
      toast.success('Logged out', { description: 'You have been successfully logged out' });
    },
    onError: (error) => {
      toast.error('Error', { description: errorMessage(error, 'Failed to log out. Please try again.') });
    },
  });
}
