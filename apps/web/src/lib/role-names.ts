import { Role, type UserType } from '@call-insights/contracts/users';

/**
 * Role and user-type names as shown: the values the server sends and expects ("admin", "manager",
 * "user"; "Location", "Company") named in the reader's language. A role the app does not know (a
 * CRM account's own) is shown as sent. `t` is the `teams` namespace's translate function.
 */
export function roleName(role: string, t: (key: `roles.${Role}`) => string): string {
  const known = Role.safeParse(role);
  return known.success ? t(`roles.${known.data}`) : role;
}

export function userTypeName(userType: UserType, t: (key: `userTypes.${UserType}`) => string): string {
  return t(`userTypes.${userType}`);
}
