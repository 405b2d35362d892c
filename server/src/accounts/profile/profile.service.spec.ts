import { parseInput } from '../../validation/zod-validation.pipe';
import { usernameBodySchema } from './profile.dto';
import { ProfileService } from './profile.service';
import type { ProfilesRepository } from '@oddspulse/core';

function setUp(current: { username: string | null } | undefined, update: () => Promise<unknown>) {
  const repo = {
    find: jest.fn().mockResolvedValue(current && { id: 'u1', updated_at: new Date(), ...current }),
    setUsernameIfUnset: jest.fn(update),
    usernameTaken: jest.fn(),
    create: jest.fn(),
  };
  return { service: new ProfileService(repo as unknown as ProfilesRepository), repo };
}

// DECISIONS 6; spec 000 §8 username 23505 → "This username is already in use".
describe('ProfileService.setUsername', () => {
  it('answers 409 "already in use" when the unique index refuses the name', async () => {
    const violation = Object.assign(new Error('duplicate key'), {
      code: '23505',
      constraint: 'profiles_username_lower_key',
    });
    const { service } = setUp({ username: null }, () => Promise.reject(violation));
    await expect(service.setUsername('u1', 'Taken')).rejects.toMatchObject({
      status: 409,
      response: { code: 'USERNAME_TAKEN', message: 'This username is already in use' },
    });
  });

  it('answers 409 locked when a name is already set, without writing', async () => {
    const { service, repo } = setUp({ username: 'first' }, () => Promise.resolve(undefined));
    await expect(service.setUsername('u1', 'second')).rejects.toMatchObject({
      status: 409,
      response: { message: 'Username is locked and cannot be changed.' },
    });
    expect(repo.setUsernameIfUnset).not.toHaveBeenCalled();
  });

  it('answers 409 locked when another request set it first', async () => {
    const { service } = setUp({ username: null }, () => Promise.resolve(undefined));
    await expect(service.setUsername('u1', 'second')).rejects.toMatchObject({ response: { code: 'USERNAME_LOCKED' } });
  });

  it('refuses a name breaking the rule before touching the database', async () => {
    const { service, repo } = setUp({ username: null }, () => Promise.resolve(undefined));
    // PUT /api/profile/username: the body goes through the controller's schema before the service
    const put = async (body: unknown) => service.setUsername('u1', parseInput(usernameBodySchema, body).username);
    await expect(put({ username: '_x' })).rejects.toMatchObject({
      status: 400,
      response: { message: 'Use 3–20 letters, numbers, _ (no leading/trailing _)' },
    });
    expect(repo.find).not.toHaveBeenCalled();
  });

  it('lets other database errors through', async () => {
    const { service } = setUp({ username: null }, () => Promise.reject(new Error('connection lost')));
    await expect(service.setUsername('u1', 'valid_name')).rejects.toThrow('connection lost');
  });
});
