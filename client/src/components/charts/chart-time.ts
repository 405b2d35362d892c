/** A time on a chart's time axis to the minute, in the reader's time zone: "Mar 5, 7:30 PM". */
export const chartMinute = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
