import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './schema.ts';

/** 标签 (tag groups, tags and what they are attached to). */
export interface TagGroupsTable {
  id: Generated<number>;
  name: string;
  /** 'product' | 'member' | 'shop', one or more */
  applies_to: ColumnType<string[], string[], string[]>;
  /** may an object carry several tags of this group? */
  multiple: Generated<boolean>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  remark: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface TagsTable {
  id: Generated<number>;
  group_id: number;
  name: string;
  /** an antd preset colour name */
  color: Generated<string>;
  /** 0038: a style carrying it is never returned or swapped */
  no_return: Generated<boolean>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface TagLinksTable {
  tag_id: number;
  target_type: 'product' | 'member' | 'shop';
  target_id: number;
  created_at: CreatedAt;
}

/** The tags area's tables, as the Database interface gathers them. */
export interface TagsDatabase {
  tag_groups: TagGroupsTable;
  tags: TagsTable;
  tag_links: TagLinksTable;
}
