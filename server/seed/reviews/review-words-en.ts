import type { ReviewWords } from './review-words'

/** English reviews of the demo shop. */
export const EN_REVIEW_WORDS: ReviewWords = {
  titles: [
    ['Disappointed', 'Not what I expected', 'Sent it back'],
    ['Could be better', 'Looks nicer in the photos', 'Average at best'],
    ['Decent, nothing special', 'Fine for the price', 'Mixed feelings'],
    ['Very happy with it', 'Good value', 'Does what it should', 'Nice quality', 'Would buy again', 'Solid choice'],
    ['Absolutely love it', 'Excellent!', 'Better than expected', 'Perfect', 'Top quality', 'Highly recommended', 'Great purchase'],
  ],
  texts: [
    [
      'The quality did not match the price. After a week it already showed signs of wear.',
      'It looked completely different from the pictures. Returning it was easy, at least.',
      'Unfortunately it broke the second time I used it. Customer service was friendly, though.',
    ],
    [
      'It works, but the finish is a bit rough and the colour is duller than on the website.',
      'Delivery was quick, but the product itself feels cheaper than I hoped.',
      'Not bad, not good. I expected more for this price.',
    ],
    [
      'It does the job. Nothing wrong with it, but nothing that stands out either.',
      'Good enough for everyday use. The sizing runs slightly small, so keep that in mind.',
      'Fine overall, although the instructions could have been clearer.',
    ],
    [
      'Good quality and it arrived well packed the day after I ordered. One star off because the colour is a little lighter than shown.',
      'Does exactly what I needed. Comfortable and well made.',
      'I have been using it for a month now and it still looks new. Happy with my purchase.',
      'Nice design and sturdy. The price is fair for what you get.',
      'Bought it as a gift and it was very well received. Would order from this shop again.',
      'Solid product. Took a moment to get used to, but now I use it every day.',
    ],
    [
      'Fantastic quality, exactly as described. Delivered within two days. I could not be happier.',
      'This is the second one I bought, this time for my sister. We both love it.',
      'Beautifully made and it feels like it will last for years. Worth every cent.',
      'Exceeded my expectations. The details are lovely and it fits perfectly.',
      'Ordered on Sunday, had it on Tuesday. Great product and great service.',
      'I did a lot of research before buying and I am glad I chose this one. Highly recommended.',
      'Simply perfect. Comfortable, practical and it looks great too.',
    ],
  ],
  nicknames: ['Sarah', 'Tom', 'Emily R.', 'James', 'Olivia', 'Mark from Leeds', 'Hannah', 'Chris', 'Sophie', 'Daniel', 'Laura B.', 'Ben'],
}
