import type { Database } from '../db/client.js';
import { feedback } from '../db/schema.js';

export function createFeedback(db: Database) {
  return {
    async submit(userId: string, entry: { comments: string; rating: number }): Promise<{ id: number }> {
      const [row] = await db
        .insert(feedback)
        .values({ user_id: userId, comments: entry.comments, rating: entry.rating })
        .returning({ id: feedback.id });
      // an INSERT … RETURNING answers its one row unless the database failed, which throws
      if (!row) throw new Error('feedback insert returned no row');
      return row;
    },
  };
}

export type Feedback = ReturnType<typeof createFeedback>;
