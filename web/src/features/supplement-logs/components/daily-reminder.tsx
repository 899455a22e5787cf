import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import type { User } from '#contract/auth.ts';
import { useLocalToday } from '#web/lib/local-day.ts';
import { useSupplements } from '#web/features/supplements/public.ts';
import { useStreak } from '#web/features/streaks/public.ts';

const REMINDER_MS = 5000;
/** The reminder's toast, so that saving the day can put it away (one toast, not two side by side). */
export const DAILY_REMINDER_TOAST_ID = 'daily-reminder';
const storageKey = (userId: string) => `stacklab.dailyReminder.${userId}`;

function shownOn(userId: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(userId));
  } catch {
    return null;
  }
}

function markShown(userId: string, date: string): void {
  try {
    window.localStorage.setItem(storageKey(userId), date);
  } catch {
    // Storage refused (private mode): the reminder may show again, which is harmless.
  }
}

/**
 * The daily reminder (product.md, Tracking): a 5-second toast when nothing is logged today, at
 * most once a day in this browser so that coming back to the dashboard does not nag. It waits
 * until there is a stack to log: a new user's empty list already says what to do.
 */
export function DailyReminder({ user }: { user: User }) {
  const today = useLocalToday(user.timeZone);
  const streak = useStreak();
  const supplements = useSupplements();
  const loggedToday = streak.data?.loggedToday;
  const stackSize = supplements.data?.length;
  // Decided once per visit, from what the dashboard opened with: adding a first supplement is
  // not a moment for a reminder.
  const decided = useRef(false);
  useEffect(() => {
    if (decided.current || loggedToday === undefined || stackSize === undefined) return;
    decided.current = true;
    if (loggedToday || stackSize === 0 || shownOn(user.id) === today) return;
    markShown(user.id, today);
    toast('Daily reminder', { id: DAILY_REMINDER_TOAST_ID, description: "You haven't logged your supplements today.", duration: REMINDER_MS });
  }, [loggedToday, stackSize, today, user.id]);
  return null;
}
