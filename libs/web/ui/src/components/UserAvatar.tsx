import Avatar from '@mui/material/Avatar';
import { avatarColor, avatarInitials, type AvatarPerson } from './avatar.util';

export interface UserAvatarProps extends AvatarPerson {
  /** Shown instead of the initials when set; the initials remain the fallback if it fails to load. */
  imageUrl?: string | null;
  /** The top bar shows one initial; everywhere else up to 2. */
  maxInitials?: 1 | 2;
  /** Diameter in pixels. */
  size?: number;
}

/**
 * A user's picture, or their initials on a colour derived from the name (spec section 2). Decorative: always shown
 * next to, or inside a control labelled with, the user's name, so assistive technology skips it.
 */
export function UserAvatar({ name, email, imageUrl, maxInitials = 2, size = 32 }: UserAvatarProps) {
  return (
    <Avatar
      src={imageUrl || undefined}
      alt=""
      aria-hidden
      data-testid="user-avatar"
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.42,
        fontWeight: 700,
        color: '#fff',
        bgcolor: avatarColor({ name, email }),
      }}
    >
      {avatarInitials({ name, email }, maxInitials)}
    </Avatar>
  );
}
