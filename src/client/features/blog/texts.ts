/** Link texts of the post page that the content module does not cover. */
export const blogTexts = {
  backToList: 'Back to all posts',
  notFoundHint: 'The post may have moved. All of our posts are listed on the blog page.',
};
