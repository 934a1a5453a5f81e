import { type Kysely, sql } from 'kysely';

// 操作日志 says what the user did (issue 26): a cancel was logged as 审核 and adding to the cart as
// 删除. The document actions get names of their own: 提交, 撤回, 驳回, 取消, 作废, 关闭, 发货, 收货.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
ALTER TABLE operation_logs DROP CONSTRAINT IF EXISTS operation_logs_action_check;
ALTER TABLE operation_logs ADD CONSTRAINT operation_logs_action_check CHECK (action IN (
  'create', 'update', 'delete', 'submit', 'withdraw', 'audit', 'reject', 'cancel', 'void', 'close', 'ship', 'receive', 'post',
  'login', 'login_failed', 'logout', 'other'));
`)
    .execute(db);
}
