import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../config/product';
import { routePaths } from '../../../config/route-paths';

const steps = [
  {
    title: 'Upload your P&ID',
    text: 'Upload a piping and instrumentation diagram as a PDF or an image (PNG, JPG, JPEG, TIFF). Scans and exported drawings both work.',
    Icon: CloudUploadOutlinedIcon,
  },
  {
    title: 'AI analysis and verification',
    text: 'The AI identifies equipment, pipes, text and objects and the connections between them. Review the result in the interactive viewer, correct what needs it and confirm each item.',
    Icon: FactCheckOutlinedIcon,
  },
  {
    title: 'Export your data',
    text: 'Export the verified elements and connections as a CSV file, ready for Excel, your asset register or your engineering tools.',
    Icon: FileDownloadOutlinedIcon,
  },
];

export function LearnMorePage() {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="h3" component="h1" align="center" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        How {PRODUCT_NAME} Works
      </Typography>
      <Typography align="center" color="text.secondary" sx={{ mb: 5 }}>
        From drawing to verified data in three steps.
      </Typography>
      <Stack component="ol" spacing={3} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {steps.map(({ title, text, Icon }, index) => (
          <Card component="li" key={title}>
            <CardContent sx={{ display: 'flex', gap: { xs: 2, sm: 3 }, alignItems: 'flex-start', p: { xs: 2.5, sm: 3 } }}>
              <Avatar sx={{ bgcolor: 'primary.main', width: 56, height: 56, flexShrink: 0 }}>
                <Icon />
              </Avatar>
              <div>
                <Typography variant="overline" color="secondary" sx={{ fontWeight: 600 }}>
                  Step {index + 1}
                </Typography>
                <Typography variant="h5" component="h2" gutterBottom>
                  {title}
                </Typography>
                <Typography color="text.secondary">{text}</Typography>
              </div>
            </CardContent>
          </Card>
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center', mt: 6 }}>
        <Button component={RouterLink} to={routePaths.pricing} variant="contained" size="large">
          View Pricing
        </Button>
        <Button component={RouterLink} to={routePaths.register} variant="outlined" size="large">
          Register Now
        </Button>
      </Stack>
    </Container>
  );
}
