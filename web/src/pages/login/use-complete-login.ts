import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Messages, landingRouteFor, type LoginResult } from '@erp/shared';
import { queryKeys } from '../../api/auth.ts';
import { rememberLoginDevice, setSession } from '../../auth/session.ts';
import { safeRedirect, type FromLoginState } from '../../auth/redirect.ts';
import { ApiError } from '../../api/request.ts';
import { toast } from '../../api/feedback.ts';

/** An inactive account that signed in: it may only set a new password, with this ticket. */
export interface PendingActivation {
  account: string;
  ticket: string;
}

/**
 * What every login tab does with a login answer: an inactive account must set a new
 * password first (session not stored, `onInactive` opens the dialog); otherwise store the
 * session, drop cached menus and go to ?redirect= or the role's landing page.
 * Returns true when the user is signed in.
 */
export function useCompleteLogin(onInactive: (pending: PendingActivation) => void): (result: LoginResult) => boolean {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  return useCallback(
    (result: LoginResult) => {
      if (!result.active) {
        if (result.device) rememberLoginDevice(result.account, result.device);
        if (result.ticket) onInactive({ account: result.account, ticket: result.ticket });
        // without a ticket the password cannot be set here: say why nothing happens
        else toast().warning(Messages.accountInactive);
        return false;
      }
      setSession(result);
      client.removeQueries({ queryKey: queryKeys.menus });
      client.removeQueries({ queryKey: queryKeys.userInfo });
      const target = safeRedirect(params.get('redirect')) ?? landingRouteFor(result.roleType);
      const state: FromLoginState = { fromLogin: true };
      navigate(target, { replace: true, state });
      return true;
    },
    [client, navigate, params, onInactive],
  );
}

/**
 * A login tab's submit: runs the login call, completes the sign-in, and on failure shows
 * 登录失败! followed by the server's message (SPEC §8).
 */
export function useLoginSubmit(onInactive: (pending: PendingActivation) => void) {
  const completeLogin = useCompleteLogin(onInactive);
  const [submitting, setSubmitting] = useState(false);
  const signIn = async (call: () => Promise<LoginResult>) => {
    setSubmitting(true);
    try {
      completeLogin(await call());
    } catch (error) {
      // error-once: the login call never toasts (api/auth.ts); this is its one toast
      const msg = error instanceof ApiError ? error.msg : Messages.systemError;
      toast().error(Messages.loginFailedPrefix + msg);
    } finally {
      setSubmitting(false);
    }
  };
  return { submitting, signIn };
}
