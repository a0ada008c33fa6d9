import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { signUp } from '../helpers';

const db = () => env.DB;

async function insertGeneration(userId: string, id = crypto.randomUUID()): Promise<string> {
  await db()
    .prepare(
      `insert into generations (id, user_id, prompt, engine, shuffle_key, image_count, visibility)
       values (?, ?, 'a timber pavilion by a lake', 'preview', 7, 1, 'public')`,
    )
    .bind(id, userId)
    .run();
  return id;
}

describe('the D1 schema', () => {
  it('allows only the three plans', async () => {
    const { user } = await signUp();
    await expect(db().prepare("update users set plan = 'premium' where id = ?").bind(user.id).run()).rejects.toThrow(
      /CHECK constraint failed/,
    );
    await db().prepare("update users set plan = 'enterprise' where id = ?").bind(user.id).run();
  });

  it('never lets a balance go below zero', async () => {
    const { user } = await signUp();
    await expect(db().prepare('update users set credits = credits - 13 where id = ?').bind(user.id).run()).rejects.toThrow(
      /CHECK constraint failed/,
    );
  });

  it('keeps emails unique', async () => {
    const { email } = await signUp();
    await expect(
      db()
        .prepare("insert into users (id, email, password_hash) values (?, ?, 'x')")
        .bind(crypto.randomUUID(), email)
        .run(),
    ).rejects.toThrow(/UNIQUE constraint failed/);
  });

  it('enforces foreign keys and cascades a deleted user', async () => {
    await expect(
      db().prepare('insert into sessions (id, user_id, expires_at) values (?, ?, 0)').bind(crypto.randomUUID(), 'nobody').run(),
    ).rejects.toThrow(/FOREIGN KEY constraint failed/);

    const { user } = await signUp();
    const generationId = await insertGeneration(user.id);
    await db().prepare('insert into liked (user_id, generation_id) values (?, ?)').bind(user.id, generationId).run();
    await db().prepare('delete from users where id = ?').bind(user.id).run();
    for (const table of ['sessions', 'generations', 'liked', 'credit_ledger']) {
      const row = await db().prepare(`select count(*) as n from ${table} where user_id = ?`).bind(user.id).first<{ n: number }>();
      expect(row?.n, table).toBe(0);
    }
  });

  it('allows one like per user and generation', async () => {
    const { user } = await signUp();
    const generationId = await insertGeneration(user.id);
    const like = db().prepare('insert into liked (user_id, generation_id) values (?, ?)').bind(user.id, generationId);
    await like.run();
    await expect(like.run()).rejects.toThrow(/UNIQUE constraint failed/);
  });

  it('grants a payment id at most once in the ledger', async () => {
    const { user } = await signUp();
    const grant = db()
      .prepare("insert into credit_ledger (user_id, delta, reason, payment_id) values (?, 5, 'purchase', 'pay_123')")
      .bind(user.id);
    await grant.run();
    await expect(grant.run()).rejects.toThrow(/UNIQUE constraint failed/);
  });

  it('has an index behind the hot queries', async () => {
    const plans = await Promise.all(
      [
        "select * from users where email = 'a@b.c'",
        "select * from refresh_tokens where token_hash = 'x'",
        "select * from generations where user_id = 'u' order by created_at desc",
        "select * from liked where user_id = 'u' order by created_at desc",
        "select * from login_failures where key = 'k' and failed_at >= 0",
        "select * from payments where payment_id = 'p'",
      ].map((sql) => db().prepare(`explain query plan ${sql}`).all<{ detail: string }>()),
    );
    for (const plan of plans) {
      const details = plan.results.map((row) => row.detail).join(' | ');
      expect(details).toMatch(/USING (COVERING )?INDEX|USING PRIMARY KEY|USING INTEGER PRIMARY KEY/);
    }
  });
});
