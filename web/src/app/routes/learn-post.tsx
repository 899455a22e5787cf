import { PostPage } from '#web/features/blog/components/post-page.tsx';

export default function LearnPostRoute() {
  return <PostPage section="learn" />;
}
