import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileBody } from '#contract/profile.ts';
import { api } from '#web/lib/api.ts';
import { withReauth } from '#web/lib/reauth.ts';
import { refreshUser, setSignedInUser } from '#web/lib/session.ts';

/** POST /api/profile; the answer carries the saved user, which becomes the session's user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    // A new e-mail address needs a recent sign-in: the password is asked for when it is not.
    mutationFn: (body: ProfileBody) => withReauth(() => api('POST /api/profile', { body })),
    onSuccess: (result) => {
      setSignedInUser(queryClient, result.user);
      void refreshUser(queryClient);
      // The name is a step of profile completion.
      void queryClient.invalidateQueries({ queryKey: ['profile-completion'] });
    },
  });
}
