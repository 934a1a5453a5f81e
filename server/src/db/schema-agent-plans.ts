import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './schema.ts';

/** 代理规划 (0040): an agent's season targets per shop and product category; progress is derived. */
export interface AgentPlansTable {
  id: Generated<number>;
  season_id: number;
  /** the shop's agent when the row was last saved */
  agent_id: number;
  shop_id: number;
  category_id: number;
  target_fen: Generated<number>;
  target_pieces: Generated<number>;
  remark: Generated<string>;
  created_by: number | null;
  updated_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** The agent planning area's tables, as the Database interface gathers them. */
export interface AgentPlansDatabase {
  agent_plans: AgentPlansTable;
}
