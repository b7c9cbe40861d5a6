/**
 * Following artists and studios: the profile's count and Follow button (loaded after the profile
 * shows), and the dashboard's Following feed with the weekly mail setting and the followers list.
 */
export { ProfileFollow } from './profile-follow';
export { FollowButton } from './follow-button';
export { FollowingFeedCard } from './following-feed-card';
export { FollowersCard } from './followers-card';
