import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BeachAccessIcon from '@mui/icons-material/BeachAccess';
import CampaignIcon from '@mui/icons-material/Campaign';
import CategoryIcon from '@mui/icons-material/Category';
import ContentCutIcon from '@mui/icons-material/ContentCut';
import DateRangeIcon from '@mui/icons-material/DateRange';
import DescriptionIcon from '@mui/icons-material/Description';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import FeedbackIcon from '@mui/icons-material/Feedback';
import GroupsIcon from '@mui/icons-material/Groups';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import PeopleIcon from '@mui/icons-material/People';
import PercentIcon from '@mui/icons-material/Percent';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import PunchClockIcon from '@mui/icons-material/PunchClock';
import SpeedIcon from '@mui/icons-material/Speed';
import StorefrontIcon from '@mui/icons-material/Storefront';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  trending: TrendingUpIcon,
  capacity: PercentIcon,
  incentive: EmojiEventsIcon,
  performance: SpeedIcon,
  sales: PointOfSaleIcon,
  customers: PeopleIcon,
  quality: FactCheckIcon,
  stock: Inventory2Icon,
  nps: ThumbUpIcon,
  feedback: FeedbackIcon,
  report: AssessmentIcon,
  staff: GroupsIcon,
  services: ContentCutIcon,
  products: CategoryIcon,
  campaign: CampaignIcon,
  salons: StorefrontIcon,
  back: ArrowBackIcon,
  docs: DescriptionIcon,
  attendance: PunchClockIcon,
  news: NewspaperIcon,
  users: ManageAccountsIcon,
  shifts: DateRangeIcon,
  daysOff: BeachAccessIcon,
  requests: PendingActionsIcon,
  import: UploadFileIcon,
};

/** The icon of a navigation entry; entries without one get none. */
export function NavigationIcon({ name, ...props }: { name?: string } & SvgIconProps) {
  const Icon = name ? ICONS[name] : undefined;
  return Icon ? <Icon fontSize="small" {...props} /> : null;
}
