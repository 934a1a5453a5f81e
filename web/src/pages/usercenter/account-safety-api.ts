import { http } from '../../api/request.ts';

export const accountSafetyApi = {
  changePassword: (body: { oldPassword: string; password: string }) => http.post<null>('/admin/api/v1/users/changePassword', body),
  logOff: (password: string) => http.post<null>('/admin/api/v1/users/logoff', { password }),
};
