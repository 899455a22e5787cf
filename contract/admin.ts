import { z } from 'zod';
import { emailSchema, idParamsSchema, okMessageSchema } from './auth.ts';
import { defineEndpoints } from './endpoint.ts';
import { BILLING_INTERVALS, TIERS, TIER_ALIASES, tierSchema } from './plans.ts';

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actorId: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  createdAt: z.string(),
});
export const auditLogResponseSchema = z.object({ entries: z.array(auditEntrySchema) });
export const auditLogQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

// ─── Admin texts (product.md, Admin) ─────────────────────────────────────────────────────────────────

export const ADMIN_MESSAGES = {
  fetchSupplementsFailed: 'Failed to fetch supplements',
  deleteSupplementConfirm: 'Are you sure you want to delete this supplement?',
  supplementNotFound: 'Supplement not found',
  supplementCreated: 'Supplement added successfully',
  supplementUpdated: 'Supplement updated successfully',
  supplementDeleted: 'Supplement deleted successfully',
  nameRequired: 'Name is required',
  categoryRequired: 'Category is required',
  sourceUrlInvalid: 'Source URL must be a valid URL',
  nameTaken: 'A supplement with this name already exists',
  fetchUsersFailed: 'Failed to fetch users',
  fetchGrowthFailed: 'Failed to fetch user growth data',
  fetchDashboardFailed: 'Failed to fetch dashboard data',
  deleteUserConfirm: 'Are you sure you want to delete this user? This action cannot be undone.',
  cannotDeleteAdmin: 'Cannot delete admin user',
  userNotFound: 'User not found',
  userUpdated: 'User updated successfully',
  userDeleted: 'User deleted successfully',
  emailTaken: 'An account with this email already exists',
  tierInvalid: 'Subscription must be free, starter or pro',
  /** `{plan}` is the paid plan's name. */
  tierFollowsSubscription:
    "This user pays for {plan} through a subscription, and their plan follows it. The user can change or cancel it under Manage subscription; deleting the user cancels it.",
  ownAdminFlag: 'You cannot remove your own admin rights',
  lastAdmin: 'The last administrator cannot lose admin rights',
  billingFailed: "We could not cancel this user's subscription with the payment provider, so nothing was deleted. Please try again in a few minutes.",
} as const;

const adminPaginationSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

const pageQuery = {
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1, 'Page must be at least 1').max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'Page size must be a number' }).int().min(1).max(100, 'Page size must be at most 100').default(20),
};

// ─── Reference supplements (product.md, Admin, 5 "Admin supplement form") ─────────

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Trimmed, empty ones dropped, duplicates (ignoring case) kept once. */
export function tidyAlternativeNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const tidy: string[] = [];
  for (const raw of names) {
    const name = raw.trim().replace(/\s+/g, ' ');
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    tidy.push(name);
  }
  return tidy;
}

/** The form's comma-separated text as a list (product.md, Admin: each name is trimmed). */
export function splitAlternativeNames(text: string): string[] {
  return tidyAlternativeNames(text.split(','));
}

export const referenceSupplementBodySchema = z.strictObject({
  name: z.string({ error: ADMIN_MESSAGES.nameRequired }).trim().min(1, ADMIN_MESSAGES.nameRequired).max(100, 'Name must be less than 100 characters'),
  category: z
    .string({ error: ADMIN_MESSAGES.categoryRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.categoryRequired)
    .max(60, 'Category must be less than 60 characters'),
  alternativeNames: z
    .array(z.string({ error: 'Each alternative name must be text' }).max(100, 'Alternative names must be less than 100 characters each'), {
      error: 'Alternative names must be a list',
    })
    .max(50, 'At most 50 alternative names')
    .default([])
    .transform(tidyAlternativeNames),
  description: z
    .string()
    .trim()
    .max(2000, 'Description must be less than 2000 characters')
    .nullish()
    .transform((value) => value ?? ''),
  source: z
    .string()
    .trim()
    .max(200, 'Source must be less than 200 characters')
    .nullish()
    .transform((value) => (value ? value : null)),
  sourceUrl: z
    .string({ error: ADMIN_MESSAGES.sourceUrlInvalid })
    .trim()
    .max(2000, ADMIN_MESSAGES.sourceUrlInvalid)
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isWebUrl(value), ADMIN_MESSAGES.sourceUrlInvalid),
});
export type ReferenceSupplementBody = z.input<typeof referenceSupplementBodySchema>;
export type ReferenceSupplementInput = z.output<typeof referenceSupplementBodySchema>;

export const referenceSupplementSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  alternativeNames: z.array(z.string()),
  description: z.string(),
  source: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReferenceSupplement = z.infer<typeof referenceSupplementSchema>;

export const REFERENCE_SORT_FIELDS = ['name', 'category', 'updatedAt'] as const;
export type ReferenceSortField = (typeof REFERENCE_SORT_FIELDS)[number];

export const referenceSupplementListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search text must be less than 100 characters').default(''),
  sort: z.enum(REFERENCE_SORT_FIELDS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  ...pageQuery,
  pageSize: pageQuery.pageSize.default(25),
});
export type ReferenceSupplementListQuery = z.input<typeof referenceSupplementListQuerySchema>;

export const referenceSupplementListSchema = z.object({
  supplements: z.array(referenceSupplementSchema),
  pagination: adminPaginationSchema,
});
export type ReferenceSupplementList = z.infer<typeof referenceSupplementListSchema>;

// ─── Users (product.md, Admin, "User growth"; 5 "Admin user edit") ────────────────────

export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  subscriptionTier: tierSchema,
  /**
   * The running paid subscription, if any: while it runs the tier follows it, and an admin cannot
   * change the tier (decision 012).
   */
  subscription: z
    .object({
      tier: tierSchema,
      interval: z.enum(BILLING_INTERVALS).nullable(),
      cancelAtPeriodEnd: z.boolean(),
      currentPeriodEnd: z.string().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
  totalSupplements: z.number().int(),
  /** The latest of: a request with a session, a sign-in. Null when never seen. */
  lastActivity: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search text must be less than 100 characters').default(''),
  ...pageQuery,
});
export const adminUserListSchema = z.object({ users: z.array(adminUserSchema), pagination: adminPaginationSchema });
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const adminUserUpdateBodySchema = z.strictObject({
  /**
   * Optional: sign-up never asks for a name, so an e-mail or tier can be changed without one
   * (product.md, Admin). Left out, the name is unchanged; empty, it is removed.
   */
  name: z
    .string({ error: 'Name must be text' })
    .trim()
    .max(100, 'Name must be less than 100 characters')
    .transform((value) => (value ? value : null))
    .nullable()
    .optional(),
  email: emailSchema,
  /** free, starter or pro; the older words core and premium are read as starter and pro (product.md, Admin). */
  subscriptionTier: z
    .string({ error: ADMIN_MESSAGES.tierInvalid })
    .trim()
    .toLowerCase()
    .transform((value) => TIER_ALIASES[value] ?? value)
    .pipe(z.enum(TIERS, { error: ADMIN_MESSAGES.tierInvalid })),
  /** Grant or revoke admin rights; never one's own (product.md, Admin). */
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }).optional(),
});
export type AdminUserUpdateBody = z.input<typeof adminUserUpdateBodySchema>;

export const monthCountSchema = z.object({ month: z.string(), count: z.number().int() });
export const yearCountSchema = z.object({ year: z.number().int(), count: z.number().int() });

/** product.md, Admin: months oldest first, the current month last; the same for years. */
export const userGrowthSchema = z.object({
  totalUsers: z.number().int(),
  /** Seen in the last `ACTIVE_DAYS` days. */
  activeUsers: z.number().int(),
  monthly: z.array(monthCountSchema),
  yearly: z.array(yearCountSchema),
});
export type UserGrowth = z.infer<typeof userGrowthSchema>;

/** A user counts as active when seen within this many days. */
export const ACTIVE_DAYS = 30;
/** Months of sign-ups the growth and dashboard answers list. */
export const GROWTH_MONTHS = 12;

// ─── Dashboard (product.md, Admin) ────────────────────────────────────────────────────────────────────

export const revenueByTierSchema = z.object({
  tier: tierSchema,
  currency: z.string(),
  amountCents: z.number().int(),
  payments: z.number().int(),
});

export const adminDashboardSchema = z.object({
  users: z.object({ total: z.number().int(), active: z.number().int(), admins: z.number().int(), byTier: z.record(tierSchema, z.number().int()) }),
  signupsByMonth: z.array(monthCountSchema),
  uploads: z.object({ last30Days: z.number().int(), thisMonth: z.number().int(), storedFiles: z.number().int() }),
  aiUsage: z.object({ last30Days: z.number().int(), thisMonth: z.number().int() }),
  revenue: z.object({
    last30Days: z.array(revenueByTierSchema),
    allTime: z.array(revenueByTierSchema),
    failedPaymentsLast30Days: z.number().int(),
  }),
  generatedAt: z.string(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export const adminEndpoints = defineEndpoints({
  listSupplements: { method: 'GET', path: '/api/admin/supplements', query: referenceSupplementListQuerySchema, response: referenceSupplementListSchema },
  createSupplement: { method: 'POST', path: '/api/admin/supplements', body: referenceSupplementBodySchema, response: referenceSupplementSchema },
  updateSupplement: { method: 'PUT', path: '/api/admin/supplements/:id', params: idParamsSchema, body: referenceSupplementBodySchema, response: referenceSupplementSchema },
  deleteSupplement: { method: 'DELETE', path: '/api/admin/supplements/:id', params: idParamsSchema, response: okMessageSchema },
  listUsers: { method: 'GET', path: '/api/admin/users', query: adminUserListQuerySchema, response: adminUserListSchema },
  userGrowth: { method: 'GET', path: '/api/admin/users/growth', response: userGrowthSchema },
  updateUser: { method: 'PUT', path: '/api/admin/users/:id', params: idParamsSchema, body: adminUserUpdateBodySchema, response: adminUserSchema },
  deleteUser: { method: 'DELETE', path: '/api/admin/users/:id', params: idParamsSchema, response: okMessageSchema },
  dashboard: { method: 'GET', path: '/api/admin/dashboard', response: adminDashboardSchema },
});
