/**
 * An antd form rule from a shared checker: the same message the server would answer. The field's
 * value is handed to the checker as it is (a checker of strings gets what the field holds).
 */
export function checkRule<T = unknown>(check: (value: T) => string | null) {
  return {
    validator: (_rule: unknown, value: unknown) => {
      const problem = check(value as T);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}
