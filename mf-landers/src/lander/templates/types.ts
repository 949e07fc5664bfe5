import type { LanderResponse } from '@dating/shared';

export interface TemplateProps {
  data: LanderResponse;
}
