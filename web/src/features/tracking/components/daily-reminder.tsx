import { useEffect } from 'react';
import { toast } from 'sonner';
import type { User } from '#contract/auth.ts';
import { useLocalToday } from '#web/lib/local-day.ts';
import { useStreak } from '../api/today.ts';

const REMINDER_MS = 5000;
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
 * The daily reminder (spec sections 2.8 and 9): a 5-second toast when nothing is logged today, at
 * most once a day in this browser so that coming back to the dashboard does not nag.
 */
export function DailyReminder({ user }: { user: User }) {
  const today = useLocalToday(user.timeZone);
  const streak = useStreak();
  const loggedToday = streak.data?.loggedToday;
  useEffect(() => {
    if (loggedToday !== false || shownOn(user.id) === today) return;
    markShown(user.id, today);
    toast('Daily reminder', { description: "You haven't logged your supplements today.", duration: REMINDER_MS });
  }, [loggedToday, today, user.id]);
  return null;
}
