import { Type, type Static } from '@sinclair/typebox'

/** One user as the admin list shows them: never a phone number (that is POST .../phone-view, logged). */
export const AdminUser = Type.Object(
  {
    user_id: Type.Integer(),
    user_name: Type.String(),
    created_at: Type.String({ format: 'date-time', description: 'When the user registered' }),
    is_admin: Type.Boolean(),
    requests_made: Type.Integer({
      minimum: 0,
      description: 'Real requests the user created that are not deleted (test requests left out)',
    }),
    requests_helped: Type.Integer({
      minimum: 0,
      description:
        'Real, not deleted requests of which the user is the helper: in progress with them now, or completed ' +
        'while they were the helper (with or without help). A take-over they released or were removed from ' +
        'does not count; test requests are left out.',
    }),
    cyclists_helped: Type.Integer({
      minimum: 0,
      description:
        'Different cyclists who marked a real request of theirs completed with “help received” while the user was ' +
        'its helper: the “You have helped N cyclists” the user sees. Kept when the request or its owner is deleted.',
    }),
    reach_reveals_today: Type.Integer({
      minimum: 0,
      description:
        'Requests whose owner’s phone number the user got today (Helsinki day) by being near, not as owner, helper ' +
        'or admin; PHONE_REVEALS_PER_DAY at most',
    }),
    reach_reveals_30d: Type.Integer({
      minimum: 0,
      description: 'The same over the last 30 Helsinki days, today included (one per request and day)',
    }),
    let_gos_30d: Type.Integer({
      minimum: 0,
      description:
        'Take-overs the user let go of in the last 30 days: released, or removed by the owner, within 30 minutes of ' +
        'taking the request (docs/product.md, "Take-over budget"; 3 in 24 hours pause their take-overs)',
    }),
    suspension: Type.Union(
      [
        Type.Object({
          until: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
            description: 'When the suspension ends by itself; null: banned until lifted',
          }),
          reason: Type.String({ description: 'The statement of reasons the user is shown' }),
          decided_at: Type.String({ format: 'date-time' }),
        }),
        Type.Null(),
      ],
      { description: 'The suspension or ban in force on the user (docs/accounts.md, "Suspension and ban"), or null' },
    ),
  },
  {
    examples: [
      {
        user_id: 42,
        user_name: 'MattiV',
        created_at: '2026-05-04T08:15:00.000Z',
        is_admin: false,
        requests_made: 3,
        requests_helped: 7,
        cyclists_helped: 5,
        reach_reveals_today: 2,
        reach_reveals_30d: 11,
        let_gos_30d: 1,
        suspension: null,
      },
    ],
  },
)
export type AdminUser = Static<typeof AdminUser>

export const AdminUserList = Type.Object({
  users: Type.Array(AdminUser, { description: 'Newest registration first, at most 50' }),
  total: Type.Integer({ minimum: 0, description: 'How many users match the search in all' }),
})
export type AdminUserList = Static<typeof AdminUserList>

/** The length of q is checked by the domain rule, so that a long search is answered in words. */
export const AdminUserListQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: 2000,
      description:
        'Part of the user name, any case, taken literally (% and _ are plain characters); trimmed, at most 16 characters',
      examples: ['matti'],
    }),
  ),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0, description: 'Users to skip' })),
})
export type AdminUserListQuery = Static<typeof AdminUserListQuery>

export const AdminUserParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) })

export const PhoneView = Type.Object(
  { phone: Type.String({ description: 'E.164' }) },
  { examples: [{ phone: '+358401234567' }] },
)
export type PhoneView = Static<typeof PhoneView>

export const SetAdminBody = Type.Object({ is_admin: Type.Boolean() }, { examples: [{ is_admin: true }] })
export type SetAdminBody = Static<typeof SetAdminBody>
