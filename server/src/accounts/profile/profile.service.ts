import { Injectable } from '@nestjs/common';
import { ApiErrors, isUniqueViolation } from '../../errors/api-errors';
import { ProfilesRepository, USERNAME_UNIQUE_INDEX } from '@oddspulse/core';

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

  /** Whether nobody holds the name (a valid one, see profile.dto.ts) in any case. */
  async usernameAvailable(username: string): Promise<{ username: string; available: boolean }> {
    return { username, available: !(await this.profiles.usernameTaken(username)) };
  }

  /**
   * Sets the username once (DECISIONS 6). The case-insensitive unique index decides races: the loser of
   * two concurrent claims gets the unique violation, answered 409 like any taken name.
   */
  async setUsername(userId: string, username: string): Promise<ProfileResponse> {
    const current = await this.profiles.find(userId);
    if (current?.username) throw ApiErrors.usernameLocked();
    try {
      const row = await this.profiles.setUsernameIfUnset(userId, username);
      if (!row) throw ApiErrors.usernameLocked();
      return toResponse(row);
    } catch (error) {
      if (isUniqueViolation(error, USERNAME_UNIQUE_INDEX)) throw ApiErrors.usernameTaken();
      throw error;
    }
  }
}

function toResponse(row: { id: string; username: string | null; updated_at: Date }): ProfileResponse {
  return {
    id: row.id,
    username: row.username,
    updated_at: row.updated_at.toISOString(),
    username_locked: row.username !== null,
  };
}
