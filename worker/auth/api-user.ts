import type { PublicUser } from '../platform/context';
import type { ApiUser } from '#shared/api-types';

export function toApiUser(user: PublicUser): ApiUser {
  return {
    id: user.id,
    email: user.email,
    created_at: new Date(user.createdAt).toISOString(),
    credits: user.credits,
    plan: user.plan,
  };
}
