/** A row a server-search endpoint answers (…/options/…?keyword=): a picker shows it as 名称（编码）, valued by id. */
export interface SearchOption {
  id: number;
  code: string;
  name: string;
}
