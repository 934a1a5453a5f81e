import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// Dates are shown only inside the shell: imported by ShellRoot, so the login page does not load dayjs.
dayjs.locale('zh-cn');
