// Public API of the data-notice feature: the habeas-data notice screen (web build, record 0127).
export {
  default,
  default as DataNoticePage,
  type DataNoticePageProps,
} from './data-notice-page.tsx';
