import { http } from '../../api/request.ts';

export const profileApi = {
  rename: (name: string) => http.post<null>('/admin/api/v1/users/profile', { name }),
  sendPhoneCode: (phone: string) => http.get<null>('/admin/api/v1/users/phone/sms_code', { phone }),
  changePhone: (phone: string, code: string) => http.post<null>('/admin/api/v1/users/phone', { phone, code }),
};
