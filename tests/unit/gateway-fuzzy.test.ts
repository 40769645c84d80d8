import { describe, expect, it } from 'vitest';
import { closest } from '../../server/gateway/fuzzy';

// The 'Perhaps you meant …' of PGRST202, against the callable functions of the postgrest-js
// suite's schema, where PostgREST 12's answers are known.
const SUITE_FUNCTIONS = [
  'get_status', 'get_username_and_status', 'offline_user', 'set_users_offline', 'void_func', 'echo_bigint_as_text',
  'extract_jsonb_bigint_as_text', 'function_with_optional_param', 'function_with_array_param', 'get_user_profile',
  'get_user_profile_non_nullable', 'get_messages', 'get_messages_by_username', 'get_user_messages', 'get_active_user_messages',
  'get_recent_messages_by_username', 'get_user_recent_messages', 'get_user_first_message', 'postgrest_unresolvable_function',
  'postgrest_resolvable_with_override_function', 'polymorphic_function_with_different_return',
  'polymorphic_function_with_no_params_or_unnamed', 'polymorphic_function_with_unnamed_json', 'polymorphic_function_with_unnamed_jsonb',
  'polymorphic_function_with_unnamed_text', 'polymorphic_function_with_unnamed_default', 'polymorphic_function_with_unnamed_default_overload',
  'function_returning_row', 'function_returning_single_row', 'function_returning_set_of_rows', 'function_using_table_returns',
  'function_using_setof_rows_one',
];

describe('closest name (PGRST202 hints)', () => {
  it('suggests what PostgREST suggests, and nothing where it suggests nothing', () => {
    expect(closest(SUITE_FUNCTIONS, 'polymorphic_function_with_unnamed_integer', 0.75)).toBe('polymorphic_function_with_unnamed_text');
    expect(closest(SUITE_FUNCTIONS, 'blurb_message', 0.75)).toBeUndefined();
    expect(closest(SUITE_FUNCTIONS, 'created_ago', 0.75)).toBeUndefined();
    expect(closest(SUITE_FUNCTIONS, 'days_since_event', 0.75)).toBeUndefined();
    expect(closest(['(a, b)'], '(a, c)')).toBe('(a, b)');
  });
});
