import { Injectable } from '@nestjs/common';
import { validateUsername } from '@oddspulse/shared';
import { AccountErrors, isUniqueViolation } from './http-errors';
import { ProfilesRepository, USERNAME_UNIQUE_INDEX } from './profiles.repository';

/** The profile of spec 000 §3 as the API returns it. */
export interface ProfileResponse {
  id: string;
  username: string | null;
  updated_at: string;
  username_locked: boolean;
}

@Injectable()
export class ProfileService {
  constructor(private readonly profiles: ProfilesRepository) {}

  /** Reads the profile, creating the row when missing (spec 000 §4 profile loading). */
  async get(userId: string): Promise<ProfileResponse> {
    const row = (await this.profiles.find(userId)) ?? (await this.profiles.create(userId, null));
    return toResponse(row);
  }

  /** 400 with the rule's message when the candidate breaks it; else whether nobody holds it in any case. */
  async usernameAvailable(candidate: unknown): Promise<{ username: string; available: boolean }> {
    const checked = validateUsername(candidate);
    if (!checked.ok) throw AccountErrors.validation(checked.message, 'USERNAME_INVALID');
    return { username: checked.value, available: !(await this.profiles.usernameTaken(checked.value)) };
  }

  /**
   * Sets the username once (DECISIONS 6). The case-insensitive unique index decides races: the loser of
   * two concurrent claims gets the unique violation, answered 409 like any taken name.
   */
  async setUsername(userId: string, candidate: unknown): Promise<ProfileResponse> {
    const checked = validateUsername(candidate);
    if (!checked.ok) throw AccountErrors.validation(checked.message, 'USERNAME_INVALID');
    const current = await this.profiles.find(userId);
    if (current?.username) throw AccountErrors.usernameLocked();
    try {
      const row = await this.profiles.setUsernameIfUnset(userId, checked.value);
      if (!row) throw AccountErrors.usernameLocked();
      return toResponse(row);
    } catch (error) {
      if (isUniqueViolation(error, USERNAME_UNIQUE_INDEX)) throw AccountErrors.usernameTaken();
      throw error;
    }
  }
}

function toResponse(row: { id: string; username: string | null; updated_at: Date }): ProfileResponse {
  return { id: row.id, username: row.username, updated_at: row.updated_at.toISOString(), username_locked: row.username !== null };
}
